// Filled in by the store contract.
