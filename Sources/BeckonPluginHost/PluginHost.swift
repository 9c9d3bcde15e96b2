// The host side of the plugin ABI; see PluginHost.
