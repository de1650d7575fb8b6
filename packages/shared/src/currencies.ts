/**
 * ISO 4217 currencies as the runtime's Intl knows them (current ones only), and how many minor
 * units each has: prices are stored in minor units (cents) and shown with Intl.NumberFormat.
 */
let known: ReadonlySet<string> | null = null;

export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (!known) {
    try {
      known = new Set(Intl.supportedValuesOf('currency'));
    } catch {
      // An engine without the list: any well-formed code that Intl can format.
      try {
        new Intl.NumberFormat('en', { style: 'currency', currency: code });
        return true;
      } catch {
        return false;
      }
    }
  }
  return known.has(code);
}

/** Digits after the decimal point: 2 for EUR, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units as a plain decimal number, exactly (no float): -1250 EUR is "-12.50", 500 JPY is "500". */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits ? `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}` : `${sign}${text}`;
}

/**
 * The currency people pay with in each country (ISO 3166-1 alpha-2 to ISO 4217): the one mapping
 * behind a new price's currency, from the member's home city or their interface language's region.
 * Every code is one the payments take (the ledger and the providers accept any current ISO 4217
 * currency; isCurrency checks it against the runtime's list).
 */
const COUNTRY_CURRENCY_GROUPS: Record<string, string> = {
  EUR: 'AD AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MC ME MT NL PT SI SK SM VA XK',
  USD: 'US EC SV PA PR TL FM MH PW ZW',
  XOF: 'BJ BF CI GW ML NE SN TG',
  XAF: 'CM CF TD CG GQ GA',
  XCD: 'AG DM GD KN LC VC',
  AUD: 'AU KI NR TV',
  NZD: 'NZ CK NU',
  CHF: 'CH LI',
  DKK: 'DK FO GL',
  NOK: 'NO SJ',
  ZAR: 'ZA',
  INR: 'IN BT',
};
/** Countries with a currency of their own, as country:currency. */
const OWN_CURRENCIES = [
  'AE:AED AF:AFN AL:ALL AM:AMD AO:AOA AR:ARS AZ:AZN BA:BAM BB:BBD BD:BDT BG:BGN BH:BHD BI:BIF',
  'BN:BND BO:BOB BR:BRL BS:BSD BW:BWP BY:BYN BZ:BZD CA:CAD CD:CDF CL:CLP CN:CNY CO:COP CR:CRC',
  'CU:CUP CV:CVE CZ:CZK DJ:DJF DO:DOP DZ:DZD EG:EGP ER:ERN ET:ETB FJ:FJD GB:GBP GE:GEL GH:GHS',
  'GM:GMD GN:GNF GT:GTQ GY:GYD HK:HKD HN:HNL HT:HTG HU:HUF ID:IDR IL:ILS IQ:IQD IR:IRR IS:ISK',
  'JM:JMD JO:JOD JP:JPY KE:KES KG:KGS KH:KHR KM:KMF KR:KRW KW:KWD KZ:KZT LA:LAK LB:LBP LK:LKR',
  'LR:LRD LS:LSL LY:LYD MA:MAD MD:MDL MG:MGA MK:MKD MM:MMK MN:MNT MO:MOP MR:MRU MU:MUR MV:MVR',
  'MW:MWK MX:MXN MY:MYR MZ:MZN NA:NAD NG:NGN NI:NIO NP:NPR OM:OMR PE:PEN PG:PGK PH:PHP PK:PKR',
  'PL:PLN PY:PYG QA:QAR RO:RON RS:RSD RU:RUB RW:RWF SA:SAR SB:SBD SC:SCR SD:SDG SE:SEK SG:SGD',
  'SL:SLE SO:SOS SR:SRD SS:SSP ST:STN SY:SYP SZ:SZL TH:THB TJ:TJS TM:TMT TN:TND TO:TOP TR:TRY',
  'TT:TTD TW:TWD TZ:TZS UA:UAH UG:UGX UY:UYU UZ:UZS VE:VES VN:VND VU:VUV WS:WST YE:YER ZM:ZMW',
].join(' ');
const COUNTRY_CURRENCIES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(COUNTRY_CURRENCY_GROUPS).flatMap(([currency, countries]) =>
    countries.split(' ').map((country) => [country, currency] as const),
  ),
  ...OWN_CURRENCIES.split(' ').map((pair) => pair.split(':') as [string, string]),
]);

/** The currency of a country (ISO 3166-1 alpha-2, any case), when it has one the runtime knows. */
export function currencyOfCountry(country: string | null | undefined): string | undefined {
  const currency = country ? COUNTRY_CURRENCIES.get(country.toUpperCase()) : undefined;
  return currency && isCurrency(currency) ? currency : undefined;
}

/** The currency of a locale's region, given ("es-MX") or the likeliest for its language ("es" is Spain). */
export function currencyOfLocale(tag: string): string | undefined {
  try {
    return currencyOfCountry(new Intl.Locale(tag).maximize().region);
  } catch {
    return undefined; // Not a locale tag.
  }
}

/**
 * The currency a new price starts in: that of the member's home country, else that of the first
 * locale's region that has one; euros otherwise.
 */
export function defaultCurrencyFor(homeCountry: string | null | undefined, locales: readonly string[]): string {
  const home = currencyOfCountry(homeCountry);
  if (home) return home;
  for (const tag of locales) {
    const currency = currencyOfLocale(tag);
    if (currency) return currency;
  }
  return 'EUR';
}
