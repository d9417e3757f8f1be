import { getCountries } from 'libphonenumber-js/max';
import type { BookingRequirements, TravelerRequirement } from '../offers/booking-requirements.policy';
import { ISO_COUNTRY_CODES } from './passenger-fields.validator';
import { validatePassengers, type FieldProblem, type OfferTraveler, type PassengerValidationInput, type ValidatedPassenger } from './passenger.validator';

// A trip from 2026-12-10 back on 2026-12-20 (landing the same day), booked on 2026-11-20.
const DATES = { firstTravelDate: '2026-12-10', lastTravelDate: '2026-12-20', finalArrivalDate: '2026-12-20', today: '2026-11-20' };
const ADULT: OfferTraveler = { travelerId: '1', travelerType: 'ADULT' };

function requirementsFor(travelers: OfferTraveler[], journey: 'DOMESTIC' | 'INTERNATIONAL', mobile = true): BookingRequirements {
  const doc = journey === 'INTERNATIONAL';
  return {
    profileVersion: 1,
    journeyType: journey,
    domesticCountryCode: doc ? null : 'TZ',
    operatingCarrierCodes: ['PW'],
    source: 'ITINERARY_DEFAULT',
    providerRequiredFields: [],
    emailAddressRequired: true,
    phoneCountryCodeRequired: true,
    mobilePhoneNumberRequired: mobile,
    phoneNumberRequired: true,
    travelerRequirements: travelers.map((t): TravelerRequirement => ({
      travelerId: t.travelerId,
      travelerType: t.travelerType === 'HELD_INFANT' ? 'INFANT' : t.travelerType,
      firstNameRequired: true,
      lastNameRequired: true,
      dateOfBirthRequired: doc || t.travelerType !== 'ADULT',
      genderRequired: doc,
      documentRequired: doc,
      documentTypeRequired: doc,
      documentNumberRequired: doc,
      documentExpiryDateRequired: doc,
      documentIssuingCountryRequired: doc,
      nationalityRequired: doc,
    })),
  };
}

function run(passengers: unknown, opts: Partial<PassengerValidationInput> & { journey?: 'DOMESTIC' | 'INTERNATIONAL' } = {}) {
  const travelers = opts.travelers ?? [ADULT];
  return validatePassengers({
    passengers,
    contact: opts.contact,
    travelers,
    requirements: opts.requirements ?? requirementsFor(travelers, opts.journey ?? 'DOMESTIC'),
    ...DATES,
    ...opts,
  });
}

function okPassengers(result: ReturnType<typeof validatePassengers>): ValidatedPassenger[] {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.fields)}`);
  return result.passengers;
}

function problems(result: ReturnType<typeof validatePassengers>): FieldProblem[] {
  if (result.ok) throw new Error('expected problems, got ok');
  return result.fields;
}

const fieldsOf = (result: ReturnType<typeof validatePassengers>) => problems(result).map((p) => `${p.travelerId}:${p.field}`);

const adult = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Asha',
  lastName: 'Mwakyusa',
  ageCategory: 'ADT',
  email: 'asha@example.co.tz',
  phoneNumber: '+255712345678',
  ...extra,
});

const passport = {
  dateOfBirth: '1990-04-02',
  gender: 'F',
  documentType: 'P',
  passportNumber: 'ab1234567',
  passportExpiryDate: '2030-01-31',
  passportIssuedDate: '2020-02-01',
  documentIssuingCountry: 'tz',
  nationality: 'TZ',
};

describe('validatePassengers: a domestic adult', () => {
  it('accepts names and contact only, normalized', () => {
    const [p] = okPassengers(run([adult({ firstName: '  Asha   Neema ', lastName: 'O’Neil-Mwakyusa' })]));
    expect(p).toEqual({
      travelerId: '1',
      ageCategory: 'ADULT',
      firstName: 'Asha Neema',
      lastName: "O'Neil-Mwakyusa",
      email: 'asha@example.co.tz',
      phone: '+255712345678',
      phoneCountryCallingCode: '255',
      phoneNationalNumber: '712345678',
      dateOfBirth: null,
      gender: null,
      document: null,
      nationality: null,
      nationalityCountry: null,
      countryCodeName: null,
    });
  });

  it('requires firstName, lastName, ageCategory, email and phone, all at once', () => {
    expect(problems(run([{}]))).toEqual([
      { travelerId: '1', field: 'firstName', message: 'is required' },
      { travelerId: '1', field: 'lastName', message: 'is required' },
      { travelerId: '1', field: 'ageCategory', message: 'is required' },
      { travelerId: '1', field: 'email', message: expect.stringContaining('is required') },
      { travelerId: '1', field: 'phoneNumber', message: expect.stringContaining('is required') },
    ]);
  });
});

describe('validatePassengers: names', () => {
  it.each([
    ['digits', 'Asha2', 'only Latin letters'],
    ['31 characters', 'A'.repeat(31), 'at most 30'],
    ['an accented letter', 'José', 'without accents'],
    ['a non-Latin script', 'Аша', 'without accents'],
    ['punctuation only', "' -", 'at least one letter'],
    ['a non-string', 42, 'must be a string'],
  ])('rejects %s', (_label, firstName, message) => {
    expect(problems(run([adult({ firstName })]))).toEqual([{ travelerId: '1', field: 'firstName', message: expect.stringContaining(message) }]);
  });

  it('accepts 30 characters after collapsing spaces', () => {
    const name = `${'A'.repeat(14)}   ${'B'.repeat(15)}`;
    expect(okPassengers(run([adult({ lastName: name })]))[0].lastName).toHaveLength(30);
  });
});

describe('validatePassengers: gender and ageCategory forms', () => {
  it.each([
    [0, 'MALE'],
    [1, 'FEMALE'],
    ['M', 'MALE'],
    ['male', 'MALE'],
    ['f', 'FEMALE'],
    ['Female', 'FEMALE'],
    ['X', 'OTHER'],
    ['other', 'OTHER'],
    ['U', 'UNKNOWN'],
    [' unknown ', 'UNKNOWN'],
  ])('gender %j is %s', (gender, expected) => {
    expect(okPassengers(run([adult({ gender })]))[0].gender).toBe(expected);
  });

  it.each([2, -1, 0.5, 'W', 'NONBINARY', '0', true, {}])('gender %j is rejected', (gender) => {
    expect(fieldsOf(run([adult({ gender })]))).toEqual(['1:gender']);
  });

  it('gender is required only when the itinerary asks', () => {
    const travelers = [ADULT];
    const requirements = requirementsFor(travelers, 'DOMESTIC');
    expect(run([adult()], { requirements }).ok).toBe(true);
    requirements.travelerRequirements[0].genderRequired = true;
    expect(problems(run([adult()], { requirements }))).toEqual([{ travelerId: '1', field: 'gender', message: 'is required for this itinerary' }]);
  });

  const kids = (c: OfferTraveler['travelerType']): OfferTraveler[] => [ADULT, { travelerId: '2', travelerType: c }];
  it.each([
    [0, 'ADULT', 'ADULT'],
    ['ADT', 'ADULT', 'ADULT'],
    ['adult', 'ADULT', 'ADULT'],
    [1, 'CHILD', 'CHILD'],
    ['chd', 'CHILD', 'CHILD'],
    ['Child', 'CHILD', 'CHILD'],
    [2, 'HELD_INFANT', 'INFANT'],
    ['INF', 'HELD_INFANT', 'INFANT'],
    ['infant', 'HELD_INFANT', 'INFANT'],
  ] as const)('ageCategory %j matches an offer %s', (ageCategory, travelerType, expected) => {
    const second = travelerType === 'ADULT' ? adult({ ageCategory }) : adult({ ageCategory, dateOfBirth: expected === 'CHILD' ? '2020-01-01' : '2026-01-01' });
    const result = okPassengers(run([adult(), second], { travelers: kids(travelerType) }));
    expect(result[1]).toMatchObject({ travelerId: '2', ageCategory: expected });
  });

  it.each([3, -1, '2', 'HELD_INFANT', 'KID', null])('ageCategory %j is rejected', (ageCategory) => {
    const fields = problems(run([adult({ ageCategory })]));
    expect(fields).toEqual([{ travelerId: '1', field: 'ageCategory', message: ageCategory === null ? 'is required' : expect.stringContaining('ADT') }]);
  });
});

describe('validatePassengers: age on the travel dates', () => {
  const offer: OfferTraveler[] = [ADULT, { travelerId: '2', travelerType: 'CHILD' }, { travelerId: '3', travelerType: 'HELD_INFANT' }];
  const party = (who: 'ADULT' | 'CHILD' | 'INFANT', dateOfBirth: string) => {
    const dobs = { ADULT: '1990-04-02', CHILD: '2019-06-01', INFANT: '2026-03-01', [who]: dateOfBirth };
    return [
      adult({ dateOfBirth: dobs.ADULT }),
      adult({ ageCategory: 'CHD', dateOfBirth: dobs.CHILD }),
      adult({ ageCategory: 'INF', dateOfBirth: dobs.INFANT }),
    ];
  };
  const index = { ADULT: 0, CHILD: 1, INFANT: 2 } as const;

  it.each([
    ['ADULT', '2014-12-10', null, 'adult 12 exactly on the first travel date'],
    ['ADULT', '2014-12-11', 'ageCategory', 'adult turning 12 the day after departure'],
    ['CHILD', '2014-12-11', null, 'child turning 12 mid-trip stays a child'],
    ['CHILD', '2014-12-10', 'ageCategory', 'child already 12 on the first travel date'],
    ['CHILD', '2024-12-10', null, 'child exactly 2 on the first travel date'],
    ['CHILD', '2024-12-15', null, 'child under 2 at departure who turns 2 before the return'],
    ['CHILD', '2024-12-21', 'ageCategory', 'child under 2 for the whole trip is an infant'],
    ['INFANT', '2024-12-21', null, 'infant turning 2 the day after the last travel date'],
    ['INFANT', '2024-12-20', 'ageCategory', 'infant turning 2 on the last travel date'],
    ['INFANT', '2024-12-15', 'ageCategory', 'infant turning 2 before the return flight'],
    ['INFANT', '2024-12-10', 'ageCategory', 'infant already 2 at departure'],
    ['INFANT', '2026-11-20', null, 'infant born today'],
  ] as const)('%s born %s → %s (%s)', (...[who, dob, field]) => {
    const result = run(party(who, dob), { travelers: offer });
    if (field === null) expect(okPassengers(result)[index[who]].dateOfBirth).toBe(dob);
    else expect(fieldsOf(result)).toEqual([`${index[who] + 1}:${field}`]);
  });

  it('tells an infant turning 2 before the return to travel as a child', () => {
    const [p] = problems(run(party('INFANT', '2024-12-15'), { travelers: offer }));
    expect(p.message).toMatch(/turns 2 before the last travel date 2026-12-20.*child/);
  });

  it.each([
    ['2026-11-21', 'in the future'],
    ['2026-02-30', 'not a real date'],
    ['02/04/1990', 'not a real date'],
    ['1890-01-01', 'older than 120'],
  ])('dateOfBirth %s is rejected (%s)', (dateOfBirth, message) => {
    expect(problems(run([adult({ dateOfBirth })]))).toEqual([{ travelerId: '1', field: 'dateOfBirth', message: expect.stringContaining(message) }]);
  });

  it('children need a date of birth when the requirements say so', () => {
    const travelers: OfferTraveler[] = [ADULT, { travelerId: '2', travelerType: 'CHILD' }];
    expect(problems(run([adult(), adult({ ageCategory: 'CHD' })], { travelers }))).toEqual([
      { travelerId: '2', field: 'dateOfBirth', message: 'is required for this itinerary' },
    ]);
  });
});

describe('validatePassengers: travel documents', () => {
  it('accepts and normalizes a complete international passenger', () => {
    const [p] = okPassengers(run([adult({ ...passport, nationalityCountry: ' Tanzania ', countryCodeName: 'Tanzania' })], { journey: 'INTERNATIONAL' }));
    expect(p).toMatchObject({
      dateOfBirth: '1990-04-02',
      gender: 'FEMALE',
      nationality: 'TZ',
      nationalityCountry: 'Tanzania',
      countryCodeName: 'Tanzania',
      document: { type: 'PASSPORT', number: 'AB1234567', expiryDate: '2030-01-31', issuedDate: '2020-02-01', issuingCountry: 'TZ', nationality: 'TZ' },
    });
  });

  it('lists every missing document field of an international booking at once', () => {
    const result = run([adult(), adult({ firstName: 'Juma' })], { journey: 'INTERNATIONAL', travelers: [ADULT, { travelerId: '2', travelerType: 'ADULT' }] });
    const missing = ['dateOfBirth', 'gender', 'documentType', 'passportNumber', 'passportExpiryDate', 'documentIssuingCountry', 'nationality'];
    expect(problems(result)).toEqual(
      ['1', '2'].flatMap((travelerId) => missing.map((field) => ({ travelerId, field, message: 'is required for this itinerary' }))),
    );
  });

  it.each([
    ['I', 'IDENTITY_CARD'],
    ['identity_card', 'IDENTITY_CARD'],
    ['PASSPORT', 'PASSPORT'],
    ['F', 'F'],
    ['a', 'A'],
  ])('documentType %s is %s', (documentType, expected) => {
    expect(okPassengers(run([adult({ ...passport, documentType })], { journey: 'INTERNATIONAL' }))[0].document?.type).toBe(expected);
  });

  it.each([
    ['documentType', 'V', 'one of P, PASSPORT'],
    ['passportNumber', 'AB', '3–20'],
    ['passportNumber', 'A'.repeat(21), '3–20'],
    ['passportNumber', 'AB 123456', '3–20'],
    ['documentIssuingCountry', 'XX', 'not an ISO 3166-1'],
    ['documentIssuingCountry', 'TZA', 'exactly 2 characters'],
    ['nationality', 'XX', 'not an ISO 3166-1'],
    ['nationality', 'ZZ', 'not an ISO 3166-1'],
    ['passportExpiryDate', '2030-02-30', 'not a real date'],
    ['passportIssuedDate', '2026-11-21', 'in the future'],
  ])('%s %j is rejected', (field, value, message) => {
    expect(problems(run([adult({ ...passport, [field]: value })], { journey: 'INTERNATIONAL' }))).toEqual([
      { travelerId: '1', field, message: expect.stringContaining(message) },
    ]);
  });

  it('needs the document valid through the final arrival date: on it passes, the day before fails', () => {
    expect(run([adult({ ...passport, passportExpiryDate: '2026-12-20' })], { journey: 'INTERNATIONAL' }).ok).toBe(true);
    expect(problems(run([adult({ ...passport, passportExpiryDate: '2026-12-19' })], { journey: 'INTERNATIONAL' }))).toEqual([
      { travelerId: '1', field: 'passportExpiryDate', message: expect.stringContaining('before the final arrival on 2026-12-20') },
    ]);
  });

  it('measures validity against the final arrival, not the last departure (overnight return)', () => {
    const doc = adult({ ...passport, passportExpiryDate: '2026-12-20' });
    expect(fieldsOf(run([doc], { journey: 'INTERNATIONAL', finalArrivalDate: '2026-12-21' }))).toEqual(['1:passportExpiryDate']);
  });

  it('flags an issue date on or after an (expired) expiry date besides the expiry itself', () => {
    expect(problems(run([adult({ ...passport, passportExpiryDate: '2020-01-31', passportIssuedDate: '2020-01-31' })], { journey: 'INTERNATIONAL' }))).toEqual([
      { travelerId: '1', field: 'passportExpiryDate', message: expect.stringContaining('before the final arrival') },
      { travelerId: '1', field: 'passportIssuedDate', message: '2020-01-31 must be before passportExpiryDate 2020-01-31' },
    ]);
  });

  it('asks for the rest of a document given only in part on a domestic trip', () => {
    expect(problems(run([adult({ passportNumber: 'AB1234567' })]))).toEqual(
      ['documentType', 'passportExpiryDate', 'documentIssuingCountry', 'nationality'].map((field) => ({
        travelerId: '1',
        field,
        message: expect.stringContaining('to complete the travel document'),
      })),
    );
    expect(run([adult({ nationality: 'KE' })]).ok).toBe(true);
  });

  it('embeds exactly the 249 ISO 3166-1 codes, each a real region', () => {
    expect(ISO_COUNTRY_CODES.size).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of ISO_COUNTRY_CODES) expect(names.of(code)).not.toBe(code);
    const notIso = new Set(['AC', 'TA', 'XK']);
    for (const code of getCountries()) if (!notIso.has(code)) expect(ISO_COUNTRY_CODES.has(code)).toBe(true);
  });
});

describe('validatePassengers: email, phone and the contact fallback', () => {
  const bare = { firstName: 'Asha', lastName: 'Mwakyusa', ageCategory: 'ADT' };

  it('fills a missing email and phone from contact while a passenger value wins', () => {
    const travelers = [ADULT, { travelerId: '2', travelerType: 'ADULT' as const }];
    const contact = { email: 'desk@agency.co.tz', phoneNumber: '0754 111 222', countryCode: '255' };
    const result = okPassengers(run([bare, { ...bare, firstName: 'Juma', email: 'juma@example.com', phoneNumber: '+254712345678' }], { travelers, contact }));
    expect(result.map((p) => [p.email, p.phone, p.phoneCountryCallingCode])).toEqual([
      ['desk@agency.co.tz', '+255754111222', '255'],
      ['juma@example.com', '+254712345678', '254'],
    ]);
  });

  it('combines a passenger national number with the contact countryCode', () => {
    const [p] = okPassengers(run([{ ...bare, email: 'a@b.tz', phoneNumber: '0712 345 678' }], { contact: { countryCode: '+255' } }));
    expect(p.phone).toBe('+255712345678');
  });

  it.each([
    ['0712 345 678', '255'],
    ['712345678', '255'],
    ['712-345-678', '+255'],
    ['(0712) 345.678', '00255'],
    ['255712345678', '255'],
    ['+255 712 345 678', undefined],
    ['+255712345678', '+255'],
  ])('Tanzanian %j with countryCode %j is +255712345678', (phoneNumber, countryCode) => {
    const [p] = okPassengers(run([adult({ phoneNumber, countryCode })]));
    expect([p.phone, p.phoneCountryCallingCode, p.phoneNationalNumber]).toEqual(['+255712345678', '255', '712345678']);
  });

  it.each([
    [{ phoneNumber: '0712 34', countryCode: '255' }, 'phoneNumber', 'not a valid phone number for calling code +255'],
    [{ phoneNumber: '+2551234' }, 'phoneNumber', 'not a valid international phone number'],
    [{ phoneNumber: '0712 345 678 ext 9', countryCode: '255' }, 'phoneNumber', 'only digits'],
    [{ phoneNumber: 712345678, countryCode: '255' }, 'phoneNumber', 'must be a string'],
    [{ phoneNumber: '0712345678' }, 'countryCode', 'is required when phoneNumber is not in international'],
    [{ phoneNumber: '0712345678', countryCode: '999' }, 'countryCode', 'not a country'],
    [{ phoneNumber: '0712345678', countryCode: 'TZ' }, 'countryCode', 'calling code such as'],
    [{ phoneNumber: '+254712345678', countryCode: '255' }, 'countryCode', '+255 does not match the calling code +254'],
    [{ phoneNumber: '+255222123456' }, 'phoneNumber', 'fixed-line number; a mobile number is required'],
    [{ email: 'asha@example' }, 'email', 'not a valid email'],
    [{ email: 'asha at example.com' }, 'email', 'not a valid email'],
    [{ email: 'a..b@example.com' }, 'email', 'not a valid email'],
    [{ email: `${'a'.repeat(60)}@${'b'.repeat(190)}.com` }, 'email', 'at most 254'],
  ])('%j → %s', (extra, field, message) => {
    expect(problems(run([adult(extra)]))).toEqual([{ travelerId: '1', field, message: expect.stringContaining(message) }]);
  });

  it('accepts a fixed line when the requirements do not ask for a mobile', () => {
    const [p] = okPassengers(run([adult({ phoneNumber: '022 212 3456', countryCode: '255' })], { requirements: requirementsFor([ADULT], 'DOMESTIC', false) }));
    expect(p.phone).toBe('+255222123456');
  });

  it("ignores contact.countryCode beside a passenger's own +number", () => {
    expect(run([adult({ phoneNumber: '+254712345678' })], { contact: { countryCode: '255' } }).ok).toBe(true);
  });

  it('reports a bad contact value once for the whole request, naming contact', () => {
    const travelers = [ADULT, { travelerId: '2', travelerType: 'ADULT' as const }];
    const result = run([bare, { ...bare, firstName: 'Juma' }], { travelers, contact: { email: 'desk@', phoneNumber: '+255712345678' } });
    expect(problems(result)).toEqual([{ travelerId: '*', field: 'contact.email', message: expect.stringContaining('not a valid email') }]);
  });

  it('rejects a contact that is not an object', () => {
    expect(fieldsOf(run([adult()], { contact: 'desk@agency.co.tz' }))).toEqual(['*:contact']);
  });
});

describe('validatePassengers: matching the offer travelers', () => {
  const family: OfferTraveler[] = [
    { travelerId: '1', travelerType: 'ADULT' },
    { travelerId: '2', travelerType: 'ADULT' },
    { travelerId: '3', travelerType: 'CHILD' },
    { travelerId: '4', travelerType: 'HELD_INFANT' },
  ];

  it('matches by category in offer order, whatever the request order, and answers in offer order', () => {
    const result = okPassengers(
      run(
        [
          adult({ ageCategory: 'INF', firstName: 'Baby', dateOfBirth: '2026-05-01' }),
          adult({ firstName: 'Mama' }),
          adult({ ageCategory: 1, firstName: 'Kid', dateOfBirth: '2018-05-01' }),
          adult({ firstName: 'Baba' }),
        ],
        { travelers: family },
      ),
    );
    expect(result.map((p) => [p.travelerId, p.firstName])).toEqual([
      ['1', 'Mama'],
      ['2', 'Baba'],
      ['3', 'Kid'],
      ['4', 'Baby'],
    ]);
  });

  it('names the travelerId a field problem belongs to', () => {
    const result = run(
      [adult({ ageCategory: 'INF', dateOfBirth: '2026-05-01', lastName: 'M1' }), adult(), adult({ ageCategory: 'CHD', dateOfBirth: '2018-05-01' }), adult()],
      {
        travelers: family,
      },
    );
    expect(fieldsOf(result)).toEqual(['4:lastName']);
  });

  it('reports a count or type mismatch per category', () => {
    const travelers: OfferTraveler[] = [ADULT, { travelerId: '2', travelerType: 'ADULT' }];
    expect(problems(run([adult(), adult({ ageCategory: 'CHD', dateOfBirth: '2018-05-01' })], { travelers }))).toEqual([
      { travelerId: '2', field: 'passengers', message: expect.stringContaining('the offer is for 2 adults but 1 adult was given') },
      { travelerId: '2', field: 'passengers', message: expect.stringContaining('the offer is for 0 children but 1 child was given') },
    ]);
    expect(problems(run([adult(), adult()]))).toEqual([
      { travelerId: '2', field: 'passengers', message: expect.stringContaining('the offer is for 1 adult but 2 adults were given') },
    ]);
  });

  it('caps the list before checking any passenger: 20,000 passengers are one short problem', () => {
    const many = Array.from({ length: 20_000 }, () => ({ ageCategory: 'KID' }));
    expect(problems(run(many, { travelers: family }))).toEqual([
      { travelerId: '*', field: 'passengers', message: 'at most 18 passengers per reservation (9 seats and one infant on each adult lap); 20000 were given' },
    ]);
    // The largest offer a search makes: nine adults, each with an infant on the lap.
    const travelers: OfferTraveler[] = Array.from({ length: 18 }, (_, i) => ({ travelerId: String(i + 1), travelerType: i < 9 ? 'ADULT' : 'HELD_INFANT' }));
    const eighteen = [
      ...Array.from({ length: 9 }, () => adult()),
      ...Array.from({ length: 9 }, () => adult({ ageCategory: 'INF', dateOfBirth: '2026-05-01' })),
    ];
    expect(okPassengers(run(eighteen, { travelers }))).toHaveLength(18);
  });

  it('reports only the total when a category cannot be read', () => {
    expect(fieldsOf(run([adult({ ageCategory: 'KID' })], { travelers: family }))).toEqual(['*:passengers', '1:ageCategory']);
  });

  it('needs an adult for each infant', () => {
    const travelers: OfferTraveler[] = [ADULT, { travelerId: '2', travelerType: 'HELD_INFANT' }, { travelerId: '3', travelerType: 'HELD_INFANT' }];
    const baby = adult({ ageCategory: 'INF', dateOfBirth: '2026-05-01' });
    expect(problems(run([adult(), baby, baby], { travelers }))).toEqual([
      { travelerId: '3', field: 'passengers', message: expect.stringContaining('2 infants but 1 adult') },
    ]);
  });

  it.each([
    ['a non-array', { firstName: 'Asha' }],
    ['a string', 'Asha'],
    ['null', null],
    ['an empty array', []],
  ])('rejects %s passengers value', (_label, passengers) => {
    expect(problems(run(passengers))).toEqual([{ travelerId: '*', field: 'passengers', message: expect.stringContaining('non-empty array') }]);
  });

  it('rejects a passenger that is not an object', () => {
    expect(fieldsOf(run(['Asha']))).toEqual(['1:passengers']);
  });

  it('refuses server-supplied dates that are not calendar dates', () => {
    expect(() => run([adult()], { today: '2026-11-20T00:00:00Z' })).toThrow(RangeError);
  });
});
