/**
 * The table of phone numbers both sides are tested with (the shared unit test, the server's sign-up
 * test): typed digits, and the E.164 form when the number is valid, else null.
 */
export const PHONE_CASES: ReadonlyArray<{ areaCode: string; phone: string; e164: string | null }> = [
  { areaCode: '853', phone: '6612 3456', e164: '+85366123456' },
  { areaCode: '853', phone: '62123456', e164: '+85362123456' },
  { areaCode: '853', phone: '28212345', e164: '+85328212345' },
  // Not allocated: a pattern like 6[2-9]xxxxxx lets them through, libphonenumber does not.
  { areaCode: '853', phone: '66061234', e164: null },
  { areaCode: '853', phone: '66091234', e164: null },
  { areaCode: '853', phone: '1234567', e164: null },
  { areaCode: '852', phone: '5123-4567', e164: '+85251234567' },
  { areaCode: '852', phone: '1234', e164: null },
  { areaCode: '86', phone: '(138) 1234-5678', e164: '+8613812345678' },
  { areaCode: '86', phone: '1381234567', e164: null },
  { areaCode: '886', phone: '912345678', e164: '+886912345678' },
  // Taiwan's trunk prefix, as people write their mobile at home.
  { areaCode: '886', phone: '0912 345 679', e164: '+886912345679' },
  { areaCode: '886', phone: '812345678', e164: null },
  { areaCode: '853', phone: '6612345a', e164: null },
];
