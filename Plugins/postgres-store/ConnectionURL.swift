import CLibPQ

/// Checks a `postgresql://` URL with libpq's own parser, without ever echoing it: a URL may
/// carry a password, and nothing the store prints may.
enum ConnectionURL {
    /// Why `url` cannot be used, or nil when it can.
    static func problem(_ url: String) -> String? {
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            return "url must be a PostgreSQL connection URI (postgresql://[user@]host[:port][/dbname][?param=value...])"
        }
        var error: UnsafeMutablePointer<CChar>?
        guard let parsed = PQconninfoParse(url, &error) else {
            if let error { PQfreemem(error) }
            return "url is not a valid PostgreSQL connection URI (postgresql://[user@]host[:port][/dbname][?param=value...])"
        }
        defer { PQconninfoFree(parsed) }
        var option = parsed
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", let value = option.pointee.val, value.pointee != 0 {
                return "url must not carry a password: a password is never written in the configuration; use passwordEnv or passwordFile"
            }
            option += 1
        }
        return nil
    }
}
