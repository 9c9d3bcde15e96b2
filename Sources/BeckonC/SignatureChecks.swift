internal import CBeckon

// Every function of beckon.h is implemented by a @_cdecl function of this module. Next to each
// group, a check converts both the header's declaration and the implementation to one explicit C
// function type: if either drifts (a parameter added, a type changed), the module stops
// compiling. The function is never called; type-checking it is the check. Each check has to be
// in the file of the functions it checks: in a debug build, naming a header function in another
// file than its @_cdecl implementation defines that C symbol a second time, and libbeckon.so
// fails to link (one list of every function, here, was tried).
//
// Both attributes are underscored (unstable) Swift: `@_cdecl` is how this toolchain exports a
// function under a C name (the C ABI has no other spelling here), and `@_optimize(none)` on each
// check keeps the optimizer from spending time on code that only exists to be type-checked
// (speed-neutral: never called, nothing measured).

typealias LifecycleOpenPath = @convention(c) (beckon_string, Int32, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<beckon_sink>?,
                                              UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias LifecycleOpenText = @convention(c) (beckon_string, beckon_string, Int32, UnsafeMutablePointer<OpaquePointer?>?,
                                              UnsafeMutablePointer<beckon_sink>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias SubjectOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, UnsafeMutablePointer<beckon_sink>?,
                                             UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias IdOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, beckon_string, UnsafeMutablePointer<beckon_sink>?,
                                        UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias IdTextOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, beckon_string, beckon_string,
                                            UnsafeMutablePointer<beckon_sink>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias ShownOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, beckon_string, Int64,
                                           UnsafeMutablePointer<beckon_sink>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias DonateOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, beckon_string, UnsafePointer<UnsafePointer<beckon_field>?>?,
                                            Int, UnsafeMutablePointer<beckon_sink>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias StatusOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, UnsafePointer<beckon_string>?, Int,
                                            UnsafeMutablePointer<beckon_sink>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias ReloadPath = @convention(c) (OpaquePointer?, beckon_string, UnsafeMutablePointer<beckon_sink>?,
                                       UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias ReloadText = @convention(c) (OpaquePointer?, beckon_string, beckon_string, UnsafeMutablePointer<beckon_sink>?,
                                       UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias ResolveOperation = @convention(c) (OpaquePointer?, beckon_string, UnsafeMutablePointer<beckon_handle>?,
                                             UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias TipCheckOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, beckon_handle,
                                              UnsafeMutablePointer<beckon_tip_result>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias TipCheckManyOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, UnsafePointer<beckon_handle>?, Int,
                                                  UnsafeMutablePointer<beckon_tip_result>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias GroupCheckOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, beckon_handle,
                                                UnsafeMutablePointer<beckon_group_result>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias ScenarioCheckOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, beckon_handle,
                                                   UnsafeMutablePointer<beckon_scenario_result>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias SubjectsOperation = @convention(c) (OpaquePointer?, beckon_string, Int64, UnsafeMutablePointer<beckon_sink>?,
                                              UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias SubjectIdOperation = @convention(c) (OpaquePointer?, beckon_string, UnsafeMutablePointer<beckon_sink>?,
                                               UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias SubjectImportOperation = @convention(c) (OpaquePointer?, beckon_string, UInt32, UnsafeMutablePointer<beckon_sink>?,
                                                   UnsafeMutablePointer<beckon_error>?) -> beckon_status
typealias SubjectsExpireOperation = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<beckon_sink>?,
                                                    UnsafeMutablePointer<beckon_error>?) -> beckon_status
