import BeckonTestSupport
import BeckonCore
import BeckonSQLite
import BeckonStoreConformance
import Testing

/// `SQLiteStore` against every clause of the `Store` contract, one test case per check, each on
/// its own files; checks read and race through other connections to the same file, as other
/// processes would.
@Suite struct SQLiteStoreContractTests {
    @Test(arguments: StoreConformance.checks.map(\.name))
    func sqliteStore(check name: String) throws {
        let check = try #require(StoreConformance.check(named: name))
        let folder = try TemporaryFolder()
        var created = 0
        let result = StoreConformance.run(check, makeStore: {
            created += 1
            return try SQLiteStore(path: folder.file("store\(created).db"))
        }, reopen: { store in
            try SQLiteStore(path: (store as! SQLiteStore).path)
        })
        #expect(result.passed, "\(check.summary)\n\(result.message)")
    }

    /// Through the one connection only (no reopening): what a single process sees.
    @Test func sqliteStoreThroughOneConnection() throws {
        let folder = try TemporaryFolder()
        var created = 0
        let results = StoreConformance.runAll(makeStore: {
            created += 1
            return try SQLiteStore(path: folder.file("single\(created).db"))
        })
        for result in results {
            #expect(result.passed, "\(result)")
        }
    }
}
