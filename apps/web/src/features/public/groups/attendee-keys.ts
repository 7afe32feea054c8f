/** An attendee's field name, as the form and the server's field errors name it. */
export const attendeeKey = (i: number, field: string) => `attendees.${i}.${field}`;

/** An attendee's fields as the error summary names them. */
export const ATTENDEE_LABELS = [
  ['name', 'pub.name'],
  ['gender', 'pub.gender'],
  ['local_guest', 'pub.localGuest'],
  ['area_code', 'pub.areaCode'],
  ['phone', 'pub.phone'],
  ['email', 'pub.email'],
  ['institution', 'pub.institution'],
  ['contact_number', 'pub.contactNumber'],
  ['contact_phone', 'pub.contactPhone'],
  // A paid meeting's ticket (decision 0106).
  ['ticket', 'pubPay.ticketLegend'],
] as const;
