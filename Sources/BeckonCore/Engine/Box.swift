/// An immutable value kept on the heap, so that a rarely set field does not make the struct
/// holding it (and every copy of that struct) larger.
final class Box<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
