// Time-zone names (issue 31): Chromium and Node 20's ICU still answer some zones by their old
// names (Asia/Calcutta, Europe/Kiev), so the list a browser offers and the zone it says it is in
// can be names people no longer use. This table maps them to the current IANA name, which is
// what Hourmark stores and offers; a stored old name still works (every runtime reads it).

/** Old IANA names still answered by ICU, and their current names. */
export const LEGACY_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The current name of a zone (the name itself when it is not an old one). */
export const currentZoneName = (zone: string): string => LEGACY_ZONES[zone] ?? zone;

/** A list of zones under their current names, each once, in order. */
export const currentZoneNames = (zones: readonly string[]): string[] => [
  ...new Set(zones.map(currentZoneName)),
];

/**
 * This browser's time zone under its current name, which a workspace it creates starts in; null
 * when the browser does not say (the server then uses UTC).
 */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? currentZoneName(zone) : null;
  } catch {
    return null;
  }
}
