// A libFuzzer target for what BeckonCore reads from bytes it did not write itself, built by run.sh
// with AddressSanitizer: the first byte chooses which reader gets the rest.
//
//   0  the strict JSON parser (JSONParser, given valid UTF-8 as its callers check first);
//   1  a stored record (SubjectRecordCodec): any bytes decode or are refused, never trap, and
//      a record that decodes re-encodes to bytes of the same length that decode again;
//   2  a donation's stored info (DonationInfoCodec): likewise, and re-encodes to the same bytes.
//
// A record's re-encoding is compared by length only: its dictionaries and set are written in
// their iteration order, so equal records may be written in different orders.
import BeckonCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 3 {
    case 0:
        if String(validating: bytes, as: UTF8.self) != nil { _ = try? JSONParser.parse(bytes) }
    case 1:
        guard let record = try? SubjectRecordCodec.decode(bytes) else { return 0 }
        let encoded = SubjectRecordCodec.encode(record)
        guard let again = try? SubjectRecordCodec.decode(encoded) else { fatalError("a re-encoded record does not decode") }
        if SubjectRecordCodec.encode(again).count != encoded.count { fatalError("a record re-encodes to another length") }
    default:
        guard let values = try? DonationInfoCodec.decode(bytes) else { return 0 }
        let encoded = DonationInfoCodec.encode(values)
        guard let again = try? DonationInfoCodec.decode(encoded) else { fatalError("a re-encoded info does not decode") }
        if DonationInfoCodec.encode(again) != encoded { fatalError("an info re-encodes to other bytes") }
    }
    return 0
}
