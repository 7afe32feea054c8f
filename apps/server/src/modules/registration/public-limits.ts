/**
 * Rate limits of the anonymous endpoints (attempts per window). Code retrieval is counted per
 * (address, phone) and per phone, whatever the answer, so unknown and known numbers count alike;
 * per address, failures and all attempts are counted apart, so a venue's Wi-Fi full of typos
 * still lets a correct retrieval through while one address cannot probe numbers quickly.
 */
export const PUBLIC_LIMITS = {
  /** Generous: a venue's Wi-Fi puts many guests behind one address. */
  signUpPerIp: { points: 60, seconds: 60 },
  /**
   * Files for a form's file fields (up to 5 MB each, anonymous): enough for a venue's Wi-Fi of guests
   * uploading a proof each, retries included, while one address cannot fill the database quickly.
   */
  answerUploadPerIp: { points: 30, seconds: 600 },
  lookupPerIpAndPhone: { points: 5, seconds: 600 },
  lookupPerPhone: { points: 20, seconds: 600 },
  /** Failed retrievals; once spent, only correct ones pass. */
  lookupFailuresPerIp: { points: 300, seconds: 600 },
  /** Every retrieval, correct or not: bounds how many numbers one address can try. */
  lookupPerIp: { points: 600, seconds: 600 },
  /** Wrong one-time codes per phone: 5 guesses at a 6-digit code leave a 1 in 200,000 chance. */
  loginCodeFailuresPerPhone: { points: 5, seconds: 600 },
} as const;
