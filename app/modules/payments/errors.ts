/** A webhook body that cannot be accepted: the endpoint answers 400 and changes nothing. */
export class PaymentEventError extends Error {
  name = 'PaymentEventError'
}

/** A provider event whose signature is missing or does not match the body. */
export class PaymentSignatureError extends PaymentEventError {
  name = 'PaymentSignatureError'
}

/** The provider refused a refund (already refunded, more than was paid, unknown payment). */
export class PaymentRefundError extends Error {
  name = 'PaymentRefundError'
}
