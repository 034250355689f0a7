// Which rules a client's e-invoices follow (issue 28): plain EN 16931, Peppol BIS Billing 3.0 or
// XRechnung 3.0, what each needs before an invoice can be issued under it, and the electronic
// address schemes (EAS) a Peppol or XRechnung address is written with. Pure: the server refuses
// to issue with these, and the forms say the same beside their fields.

export const eInvoiceProfiles = ['en16931', 'peppol', 'xrechnung'] as const;
export type EInvoiceProfile = (typeof eInvoiceProfiles)[number];

export const eInvoiceProfileLabels: Record<EInvoiceProfile, string> = {
  en16931: 'EN 16931 (any EU buyer’s accounting software)',
  peppol: 'Peppol BIS Billing 3.0 (sent through the Peppol network)',
  xrechnung: 'XRechnung 3.0 (German public buyers)',
};

/** A stored profile as the code reads it: anything unknown or empty is plain EN 16931. */
export const profileOf = (value: unknown): EInvoiceProfile =>
  eInvoiceProfiles.find((p) => p === value) ?? 'en16931';

/** The specification identifier (BT-24) each profile claims. */
export const customizationIds: Record<EInvoiceProfile, string> = {
  en16931: 'urn:cen.eu:en16931:2017',
  peppol: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
};

/** The business process (BT-23): Peppol's billing process, which XRechnung accepts too. */
export const PEPPOL_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * Electronic address schemes (ISO 6523 ICD and the EAS list) as Peppol publishes them, named where
 * a person is likely to need one. 'EM' (an email address) is not a Peppol scheme; XRechnung takes it.
 */
const namedSchemes: [string, string][] = [
  ['0208', 'Belgian enterprise number'],
  ['9925', 'Belgian VAT number'],
  ['0192', 'Norwegian organisation number'],
  ['0184', 'Danish CVR number'],
  ['0096', 'Danish P number'],
  ['0007', 'Swedish organisation number'],
  ['0037', 'Finnish LY-tunnus'],
  ['0216', 'Finnish OVT code'],
  ['0106', 'Dutch KvK number'],
  ['0190', 'Dutch OIN'],
  ['9944', 'Dutch VAT number'],
  ['0204', 'German Leitweg-ID'],
  ['9930', 'German VAT number'],
  ['0009', 'French SIRET'],
  ['0002', 'French SIRENE'],
  ['9957', 'French VAT number'],
  ['0211', 'Italian VAT number (Partita IVA)'],
  ['9915', 'Austrian VAT number'],
  ['0195', 'Singapore UEN'],
  ['0151', 'Australian Business Number (ABN)'],
  ['0088', 'GLN (Global Location Number)'],
  ['0060', 'DUNS number'],
];
const otherPeppolSchemes =
  '0009 0060 0097 0130 0135 0142 0177 0183 0188 0191 0193 0196 0198 0199 0200 0201 0202 0209 0210 0212 0213 0215 0218 0221 0230 0235 9910 9913 9914 9918 9919 9920 9922 9923 9924 9926 9927 9928 9929 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9945 9946 9947 9948 9949 9950 9951 9952 9953 9959'.split(
    ' ',
  );

/** Every scheme the forms offer: the named ones first, then the rest of Peppol's list, then EM. */
export const addressSchemes: { code: string; label: string }[] = [
  ...namedSchemes.map(([code, name]) => ({ code, label: `${code}: ${name}` })),
  ...otherPeppolSchemes
    .filter((code) => !namedSchemes.some(([named]) => named === code))
    .map((code) => ({ code, label: code })),
  { code: 'EM', label: 'EM: email address (XRechnung only, not Peppol)' },
];

/** True for a scheme a Peppol address may have (Peppol's EAS list, without EM). */
export const isPeppolScheme = (code: string) => code !== 'EM' && isScheme(code);
export const isScheme = (code: string) => addressSchemes.some((s) => s.code === code);

/** The digits of a number typed with spaces, dots or dashes. */
const digitsOf = (text: string) => text.replace(/[\s.-]/g, '');

/**
 * Why an electronic address is not one of its scheme, or '' when it is (or when the scheme has no
 * check here). Peppol checks the check digits of these (PEPPOL-COMMON-R040, R041, R043).
 */
export function addressProblem(scheme: string, address: string): string {
  const id = address.trim();
  if (!id) return '';
  if (scheme === '0208') {
    const digits = digitsOf(id);
    // Ten digits; the last two are 97 less the first eight modulo 97.
    if (
      !/^[01]\d{9}$/.test(digits) ||
      97 - (Number(digits.slice(0, 8)) % 97) !== Number(digits.slice(8))
    )
      return 'A Belgian enterprise number has 10 digits, like 0203201340, and its last two check the rest';
  }
  if (scheme === '0192') {
    const digits = digitsOf(id);
    const weights = [3, 2, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((s, w, i) => s + w * Number(digits[i]), 0);
    const check = (11 - (sum % 11)) % 11;
    if (!/^\d{9}$/.test(digits) || check === 10 || check !== Number(digits[8]))
      return 'A Norwegian organisation number has 9 digits, like 974760673, and its last checks the rest';
  }
  if (scheme === '0088') {
    const digits = digitsOf(id);
    const sum = [...digits.slice(0, 12)]
      .reverse()
      .reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
    if (!/^\d{13}$/.test(digits) || (10 - (sum % 10)) % 10 !== Number(digits[12]))
      return 'A GLN has 13 digits, and its last checks the rest';
  }
  if (scheme === 'EM' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(id))
    return 'Enter an email address, like invoices@example.com';
  return '';
}

/** What the seller's invoice settings hold that the profiles need. */
export interface SellerProfileData {
  address: string;
  city: string;
  postCode: string;
  country: string;
  electronicAddress: string;
  electronicAddressScheme: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  iban: string;
  paymentInstructions: string;
}

/** What a client holds that the profiles need. */
export interface BuyerProfileData {
  name: string;
  address: string;
  city: string;
  postCode: string;
  country: string;
  email: string;
  electronicAddress: string;
  electronicAddressScheme: string;
}

/** A field a profile needs that is empty, and where a person fills it in. */
export interface MissingField {
  /** The field's name in the API: `seller.city`, `client.postCode`, `buyerReference`… */
  field: string;
  /** Where it is asked for, as the screens name it. */
  where: 'invoice settings' | 'client' | 'draft';
  message: string;
}

const settings = (field: string, label: string, verb = 'add it'): MissingField => ({
  field: `seller.${field}`,
  where: 'invoice settings',
  message: `${label}: ${verb} in Account setting → Invoices`,
});

/**
 * What an invoice under `profile` still lacks, in the order a person would fill it in; empty when
 * it can be issued. EN 16931 asks for nothing more here (its country checks happen on download).
 */
export function profileProblems(
  profile: EInvoiceProfile,
  seller: SellerProfileData,
  buyer: BuyerProfileData,
  references: { buyerReference: string; orderReference: string },
): MissingField[] {
  if (profile === 'en16931') return [];
  const missing: MissingField[] = [];
  const client = (field: string, label: string, verb = 'add it to'): MissingField => ({
    field: `client.${field}`,
    where: 'client',
    message: `${label}: ${verb} ${buyer.name || 'the client'} in Clients`,
  });
  const blank = (v: string) => v.trim() === '';
  if (profile === 'peppol') {
    // Peppol routes by these: both ends need an address on its EAS list (PEPPOL-EN16931-R020,
    // R010, CL008).
    if (blank(seller.electronicAddress) || !isPeppolScheme(seller.electronicAddressScheme))
      missing.push(settings('electronicAddress', 'Your Peppol electronic address and its scheme'));
    else if (addressProblem(seller.electronicAddressScheme, seller.electronicAddress))
      missing.push(
        settings(
          'electronicAddress',
          'Your Peppol electronic address fails its check',
          'correct it',
        ),
      );
    if (blank(buyer.electronicAddress) || !isPeppolScheme(buyer.electronicAddressScheme))
      missing.push(
        client('electronicAddress', 'The client’s Peppol electronic address and its scheme'),
      );
    else if (addressProblem(buyer.electronicAddressScheme, buyer.electronicAddress))
      missing.push(
        client(
          'electronicAddress',
          'The client’s Peppol electronic address fails its check',
          'correct it for',
        ),
      );
    if (blank(seller.country)) missing.push(settings('country', 'Your company’s country'));
    if (blank(buyer.country)) missing.push(client('country', 'The client’s country'));
    // PEPPOL-EN16931-R003: a buyer reference or a purchase order reference.
    if (blank(references.buyerReference) && blank(references.orderReference))
      missing.push({
        field: 'buyerReference',
        where: 'draft',
        message:
          'Peppol invoices need the buyer’s reference or order number: enter one on this draft',
      });
    return missing;
  }
  // XRechnung (BR-DE-1 to BR-DE-9, BR-DE-15; BT-34 and BT-49 are required in 3.0).
  if (blank(seller.electronicAddress) && blank(seller.contactEmail))
    missing.push(settings('electronicAddress', 'Your electronic address (or a contact email)'));
  if (blank(seller.address)) missing.push(settings('address', 'Your street address'));
  if (blank(seller.city)) missing.push(settings('city', 'Your city'));
  if (blank(seller.postCode)) missing.push(settings('postCode', 'Your post code'));
  if (blank(seller.country)) missing.push(settings('country', 'Your company’s country'));
  if (blank(seller.contactName)) missing.push(settings('contactName', 'A contact name'));
  if (blank(seller.contactPhone)) missing.push(settings('contactPhone', 'A contact phone number'));
  if (blank(seller.contactEmail)) missing.push(settings('contactEmail', 'A contact email'));
  if (blank(seller.iban) && blank(seller.paymentInstructions))
    missing.push(settings('iban', 'How to pay you (an IBAN, or other payment instructions)'));
  if (blank(buyer.electronicAddress) && blank(buyer.email))
    missing.push(client('electronicAddress', 'The client’s electronic address (or its email)'));
  if (blank(buyer.address)) missing.push(client('address', 'The client’s street address'));
  if (blank(buyer.city)) missing.push(client('city', 'The client’s city'));
  if (blank(buyer.postCode)) missing.push(client('postCode', 'The client’s post code'));
  if (blank(buyer.country)) missing.push(client('country', 'The client’s country'));
  if (blank(references.buyerReference))
    missing.push({
      field: 'buyerReference',
      where: 'draft',
      message:
        'XRechnung invoices need the buyer reference (a public buyer’s Leitweg-ID): enter it on this draft',
    });
  return missing;
}

/** True when `text` is an IBAN whose check digits add up (ISO 13616, modulo 97). */
export function isIban(text: string): boolean {
  const iban = text.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`;
  const digits = [...moved].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}
