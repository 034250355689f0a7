import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  isIban,
  isPeppolScheme,
  profileOf,
  profileProblems,
  type BuyerProfileData,
  type SellerProfileData,
} from '../../../src/lib/e-invoice-profile';

// Issue 28: the check digits Peppol checks, and what each profile asks for before issuing.

const seller: SellerProfileData = {
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postCode: '10117',
  country: 'DE',
  electronicAddress: '',
  electronicAddressScheme: '',
  contactName: 'Ada',
  contactPhone: '+49 30 1234567',
  contactEmail: 'billing@werk.example',
  iban: 'DE89370400440532013000',
  paymentInstructions: '',
};
const buyer: BuyerProfileData = {
  name: 'Stadt Köln',
  address: 'Willy-Brandt-Platz 2',
  city: 'Köln',
  postCode: '50679',
  country: 'DE',
  email: '',
  electronicAddress: '05315-12345-67',
  electronicAddressScheme: '0204',
};

describe('electronic addresses', () => {
  it('checks the check digits of Belgian, Norwegian and GLN numbers', () => {
    // 02032013 mod 97 = 57; 97 − 57 = 40.
    expect(addressProblem('0208', '0203.201.340')).toBe('');
    expect(addressProblem('0208', '0203201341')).toMatch(/^A Belgian enterprise number/);
    // 3·9+2·7+7·4+6·7+5·6+4·0+3·6+2·7 = 173; 11 − 173 mod 11 = 3.
    expect(addressProblem('0192', '974760673')).toBe('');
    expect(addressProblem('0192', '974760674')).toMatch(/^A Norwegian organisation number/);
    expect(addressProblem('0088', '5790000435975')).toBe('');
    expect(addressProblem('0088', '5790000435976')).toBe(
      'A GLN has 13 digits, and its last checks the rest',
    );
    expect(addressProblem('EM', 'not mail')).toBe(
      'Enter an email address, like invoices@example.com',
    );
    expect(addressProblem('0204', '991-12345-67')).toBe('');
  });

  it('takes EM for XRechnung only, and IBANs whose check digits add up', () => {
    expect([isPeppolScheme('0208'), isPeppolScheme('EM'), isPeppolScheme('1234')]).toEqual([
      true,
      false,
      false,
    ]);
    expect(isIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect([profileOf('peppol'), profileOf(''), profileOf('ebInterface')]).toEqual([
      'peppol',
      'en16931',
      'en16931',
    ]);
  });
});

describe('what a profile needs before issuing', () => {
  const refs = { buyerReference: '05315-12345-67', orderReference: '' };
  it('asks nothing more under EN 16931', () => {
    expect(profileProblems('en16931', { ...seller, city: '' }, buyer, refs)).toEqual([]);
  });

  it('lets XRechnung fall back to the contact email, and names every missing field', () => {
    expect(profileProblems('xrechnung', seller, buyer, refs)).toEqual([]);
    const missing = profileProblems(
      'xrechnung',
      { ...seller, contactPhone: '', iban: '' },
      { ...buyer, postCode: '', electronicAddress: '' },
      { buyerReference: '', orderReference: '4500012' },
    );
    expect(missing.map((m) => [m.field, m.where])).toEqual([
      ['seller.contactPhone', 'invoice settings'],
      ['seller.iban', 'invoice settings'],
      ['client.electronicAddress', 'client'],
      ['client.postCode', 'client'],
      ['buyerReference', 'draft'],
    ]);
  });

  it('needs Peppol addresses on both ends and a buyer reference or an order number', () => {
    const peppolBuyer = {
      ...buyer,
      electronicAddress: '0203201340',
      electronicAddressScheme: '0208',
    };
    const withId = {
      ...seller,
      electronicAddress: '5790000435975',
      electronicAddressScheme: '0088',
    };
    expect(
      profileProblems('peppol', withId, peppolBuyer, {
        buyerReference: '',
        orderReference: 'PO-1',
      }),
    ).toEqual([]);
    expect(
      profileProblems(
        'peppol',
        { ...withId, electronicAddressScheme: 'EM' },
        { ...peppolBuyer, electronicAddress: '0203201341' },
        { buyerReference: '', orderReference: '' },
      ).map((m) => m.message),
    ).toEqual([
      'Your Peppol electronic address and its scheme: add it in Account setting → Invoices',
      'The client’s Peppol electronic address fails its check: correct it for Stadt Köln in Clients',
      'Peppol invoices need the buyer’s reference or order number: enter one on this draft',
    ]);
  });
});
