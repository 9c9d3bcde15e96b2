@testable import BeckonServer
import BeckonTestSupport
import Foundation
import HTTPTypes
import Testing

/// The `Date` header of the answers written on the event loop, as RFC 9110's IMF-fixdate.
@Suite("beckon serve: the Date header")
struct HTTPDateTests {
    @Test(arguments: [
        (Int64(0), "Thu, 01 Jan 1970 00:00:00 GMT"),
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),  // RFC 9110's example
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (1_798_761_599, "Thu, 31 Dec 2026 23:59:59 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
    ])
    func formatsTheSecond(seconds: Int64, expected: String) {
        #expect(HTTPDate.text(unixSeconds: seconds) == expected)
    }

    /// Any second from 1970 to 2100 formats as Foundation's RFC 1123 formatter formats it.
    @Test func agreesWithFoundationOnRandomSeconds() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var random = SplitMix64(seed: 0xDA7E)
        for _ in 0..<2000 {
            let seconds = Int64(random.next() % 4_102_444_800)
            #expect(HTTPDate.text(unixSeconds: seconds) == formatter.string(from: Date(timeIntervalSince1970: Double(seconds))), "\(seconds)")
        }
    }

    @Test func theFieldIsTheCurrentSecondsDate() throws {
        let before = Int64(Date().timeIntervalSince1970)
        let field = HTTPDate.field
        let after = Int64(Date().timeIntervalSince1970)
        #expect(field.name == .date)
        #expect((before...after).map { HTTPDate.text(unixSeconds: $0) }.contains(field.value))
    }
}
