/**
 * The country of an IANA time zone, the fallback when the geolocation call fails: covers every
 * country of the specification's language and currency tables (and their neighbours' common zones).
 * Zones shared by several countries (e.g. UTC) give no country.
 */
const TIME_ZONE_COUNTRY: Readonly<Record<string, string>> = {
  // Africa
  'Africa/Lagos': 'NG',
  'Africa/Accra': 'GH',
  'Africa/Nairobi': 'KE',
  'Africa/Kampala': 'UG',
  'Africa/Dar_es_Salaam': 'TZ',
  'Africa/Kigali': 'RW',
  'Africa/Addis_Ababa': 'ET',
  'Africa/Lusaka': 'ZM',
  'Africa/Blantyre': 'MW',
  'Africa/Gaborone': 'BW',
  'Africa/Windhoek': 'NA',
  'Africa/Johannesburg': 'ZA',
  'Africa/Cairo': 'EG',
  'Africa/Casablanca': 'MA',
  'Africa/El_Aaiun': 'MA',
  'Africa/Algiers': 'DZ',
  'Africa/Khartoum': 'SD',
  'Africa/Luanda': 'AO',
  'Africa/Maputo': 'MZ',
  'Africa/Douala': 'CM',
  'Africa/Bangui': 'CF',
  'Africa/Ndjamena': 'TD',
  'Africa/Brazzaville': 'CG',
  'Africa/Malabo': 'GQ',
  'Africa/Libreville': 'GA',
  'Africa/Porto-Novo': 'BJ',
  'Africa/Ouagadougou': 'BF',
  'Africa/Abidjan': 'CI',
  'Africa/Bissau': 'GW',
  'Africa/Bamako': 'ML',
  'Africa/Niamey': 'NE',
  'Africa/Dakar': 'SN',
  'Africa/Lome': 'TG',
  'Indian/Mauritius': 'MU',
  // Americas
  'America/New_York': 'US',
  'America/Detroit': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Phoenix': 'US',
  'America/Los_Angeles': 'US',
  'America/Anchorage': 'US',
  'Pacific/Honolulu': 'US',
  'America/Toronto': 'CA',
  'America/Vancouver': 'CA',
  'America/Edmonton': 'CA',
  'America/Winnipeg': 'CA',
  'America/Halifax': 'CA',
  'America/St_Johns': 'CA',
  'America/Regina': 'CA',
  'America/Mexico_City': 'MX',
  'America/Monterrey': 'MX',
  'America/Tijuana': 'MX',
  'America/Cancun': 'MX',
  'America/Sao_Paulo': 'BR',
  'America/Manaus': 'BR',
  'America/Fortaleza': 'BR',
  'America/Recife': 'BR',
  'America/Bahia': 'BR',
  'America/Belem': 'BR',
  'America/Bogota': 'CO',
  'America/Argentina/Buenos_Aires': 'AR',
  'America/Buenos_Aires': 'AR',
  'America/Lima': 'PE',
  'America/Caracas': 'VE',
  'America/Santiago': 'CL',
  'America/Guayaquil': 'EC',
  'America/Guatemala': 'GT',
  'America/Havana': 'CU',
  'America/La_Paz': 'BO',
  'America/Santo_Domingo': 'DO',
  // Europe
  'Europe/London': 'GB',
  'Europe/Dublin': 'IE',
  'Europe/Paris': 'FR',
  'Europe/Brussels': 'BE',
  'Europe/Zurich': 'CH',
  'Europe/Luxembourg': 'LU',
  'Europe/Monaco': 'MC',
  'Europe/Madrid': 'ES',
  'Atlantic/Canary': 'ES',
  'Europe/Lisbon': 'PT',
  'Atlantic/Madeira': 'PT',
  'Europe/Berlin': 'DE',
  'Europe/Vienna': 'AT',
  'Europe/Amsterdam': 'NL',
  'Europe/Rome': 'IT',
  'Europe/Athens': 'GR',
  'Europe/Helsinki': 'FI',
  'Europe/Tallinn': 'EE',
  'Europe/Riga': 'LV',
  'Europe/Vilnius': 'LT',
  'Europe/Bratislava': 'SK',
  'Europe/Ljubljana': 'SI',
  'Europe/Zagreb': 'HR',
  'Europe/Malta': 'MT',
  'Asia/Nicosia': 'CY',
  'Europe/Stockholm': 'SE',
  'Europe/Copenhagen': 'DK',
  'Europe/Warsaw': 'PL',
  'Europe/Moscow': 'RU',
  'Europe/Samara': 'RU',
  'Asia/Yekaterinburg': 'RU',
  'Asia/Novosibirsk': 'RU',
  'Asia/Krasnoyarsk': 'RU',
  'Asia/Irkutsk': 'RU',
  'Asia/Vladivostok': 'RU',
  'Europe/Kaliningrad': 'RU',
  'Europe/Minsk': 'BY',
  'Asia/Almaty': 'KZ',
  'Asia/Qostanay': 'KZ',
  'Asia/Aqtobe': 'KZ',
  // Asia and the Middle East
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Asia/Dhaka': 'BD',
  'Asia/Shanghai': 'CN',
  'Asia/Urumqi': 'CN',
  'Asia/Hong_Kong': 'HK',
  'Asia/Taipei': 'TW',
  'Asia/Singapore': 'SG',
  'Asia/Tokyo': 'JP',
  'Asia/Seoul': 'KR',
  'Asia/Jakarta': 'ID',
  'Asia/Makassar': 'ID',
  'Asia/Jayapura': 'ID',
  'Asia/Pontianak': 'ID',
  'Asia/Dubai': 'AE',
  'Asia/Riyadh': 'SA',
  'Asia/Baghdad': 'IQ',
  'Asia/Aden': 'YE',
  'Asia/Damascus': 'SY',
  // Oceania
  'Australia/Sydney': 'AU',
  'Australia/Melbourne': 'AU',
  'Australia/Brisbane': 'AU',
  'Australia/Perth': 'AU',
  'Australia/Adelaide': 'AU',
  'Australia/Hobart': 'AU',
  'Australia/Darwin': 'AU',
  'Pacific/Auckland': 'NZ',
};

/** The ISO country of an IANA time zone, when the zone belongs to one country this table knows. */
export function countryForTimeZone(timeZone: string | null | undefined): string | undefined {
  return timeZone ? TIME_ZONE_COUNTRY[timeZone] : undefined;
}

interface TemporalNow {
  Temporal?: { Now?: { timeZoneId?: () => string } };
}

/**
 * The browser's time zone, or undefined where it cannot tell: from Temporal where the browser has
 * it (at no cost), else from Intl (whose first date format loads the locale's date data: tens of
 * milliseconds on the main thread).
 */
export function browserTimeZone(): string | undefined {
  try {
    const fromTemporal = (globalThis as TemporalNow).Temporal?.Now?.timeZoneId?.();
    if (fromTemporal) return fromTemporal;
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
