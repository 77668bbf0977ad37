/**
 * What the gazetteer's sources do not say themselves, kept by hand: the names of the states behind the
 * sources' codes and spellings, and the localities commuters name that no source has under that name.
 */

const DNHDD = 'Dadra and Nagar Haveli and Daman and Diu';

/** GeoNames' first-level administrative codes for India, named as the project names states today. */
export const GEONAMES_STATES: Readonly<Record<string, string>> = {
  '01': 'Andaman and Nicobar Islands',
  '02': 'Andhra Pradesh',
  '03': 'Assam',
  '05': 'Chandigarh',
  '06': DNHDD,
  '07': 'Delhi',
  '09': 'Gujarat',
  '10': 'Haryana',
  '11': 'Himachal Pradesh',
  '12': 'Jammu and Kashmir',
  '13': 'Kerala',
  '14': 'Lakshadweep',
  '16': 'Maharashtra',
  '17': 'Manipur',
  '18': 'Meghalaya',
  '19': 'Karnataka',
  '20': 'Nagaland',
  '21': 'Odisha',
  '22': 'Puducherry',
  '23': 'Punjab',
  '24': 'Rajasthan',
  '25': 'Tamil Nadu',
  '26': 'Tripura',
  '28': 'West Bengal',
  '29': 'Sikkim',
  '30': 'Arunachal Pradesh',
  '31': 'Mizoram',
  '32': DNHDD,
  '33': 'Goa',
  '34': 'Bihar',
  '35': 'Madhya Pradesh',
  '36': 'Uttar Pradesh',
  '37': 'Chhattisgarh',
  '38': 'Jharkhand',
  '39': 'Uttarakhand',
  '40': 'Telangana',
  '41': 'Ladakh',
};

/** India Post's state spellings that differ from today's names (the others only change case). */
export const POSTAL_STATES: Readonly<Record<string, string>> = {
  'ANDAMAN & NICOBAR ISLANDS': 'Andaman and Nicobar Islands',
  'JAMMU & KASHMIR': 'Jammu and Kashmir',
  CHATTISGARH: 'Chhattisgarh',
  PONDICHERRY: 'Puducherry',
  'DADRA & NAGAR HAVELI': DNHDD,
  'DAMAN & DIU': DNHDD,
};

/** Districts India Post still files under Jammu and Kashmir that are Ladakh since 2019. */
export const LADAKH_DISTRICTS: ReadonlySet<string> = new Set(['LEH', 'KARGIL']);

/**
 * GeoNames places the project already knows by another spelling (src/features/places/indian-cities.ts),
 * by GeoNames id. Merged cities keep the merged name (Kalyan becomes Kalyan-Dombivli).
 */
export const GEONAMES_RENAMES: Readonly<Record<number, string>> = {
  1259652: 'Pimpri-Chinchwad', // Pimpri
  1268295: 'Kalyan-Dombivli', // Kalyan
  1253133: 'Vasai-Virar', // Virar
  1269920: 'Hubballi-Dharwad', // Hubli
  1276014: 'Mira-Bhayandar', // Bhayandar
  1278903: 'Ambarnath', // Amarnath
  1273368: 'Davanagere', // Davangere
  1273800: 'Kadapa', // Cuddapah
  1275198: 'Berhampur', // Brahmapur
  1257845: 'Sagar', // Saugor
  1277029: 'Bardhaman', // Barddhaman
  1253084: 'Vijayanagaram', // Vizianagaram
  1271685: 'Sri Ganganagar', // Ganganagar
  1272832: 'Dharamshala', // Dharamsala
  1277085: 'Baramulla', // Baramula
  1259064: 'Rae Bareli', // Raebareli
  1274353: 'Chhapra', // Chapra
  1264588: 'Margao', // Madgaon
  1268008: 'Kanyakumari', // Kanniyakumari
  1271883: 'Firozpur', // Ferozepore
  1270396: 'Howrah', // Haora
};

/**
 * India Post's districts that are a metro's own municipal area. An office in one belongs to the metro even
 * where another city's centre lies nearer: Mumbai's centre is at its southern tip, so Borivali, Malad and
 * Mulund were Mira-Bhayandar's or Thane's; Anna Nagar was Ambattur's and Khidderpore Howrah's.
 */
export const METRO_DISTRICTS: Readonly<Record<string, string>> = {
  MUMBAI: 'Mumbai',
  KOLKATA: 'Kolkata',
  CHENNAI: 'Chennai',
};

/**
 * Cities of the project's own list that a metro's corporation has taken in (Ambattur into Greater Chennai,
 * 2011): still places of their own to search, but the localities around them are the metro's to a
 * commuter ("Porur, Chennai", not "Porur, Ambattur").
 */
export const MERGED_INTO_METRO: Readonly<Record<string, string>> = {
  'Ambattur|Tamil Nadu': 'Chennai',
};

/**
 * GeoNames towns inside a metro's reach that a city beside it governs, by GeoNames id: without this they
 * are the metro's, whose centre may lie farther (Airoli is 14 km from Mumbai's, across Thane Creek).
 */
export const GEONAMES_CORPORATIONS: Readonly<Record<string, string>> = {
  g7279599: 'Navi Mumbai', // Airoli
};

/**
 * GeoNames places whose population is their district's, not their own (Gorakhpur in Haryana, a village,
 * with 1.3 million): their size is taken as unknown so they do not outrank real cities.
 */
export const GEONAMES_DISTRICT_POPULATIONS: ReadonlySet<number> = new Set([1270926, 1261162, 1254745]);

/**
 * GeoNames populations far below the city's today, by GeoNames id, replaced by Census 2011's. Gurugram's
 * 197,340 put its localities (rank: the city's population / 100) below a Sri Ganganagar office of the
 * same name: "Udyog Vihar" found Rajasthan's first.
 */
export const GEONAMES_CENSUS_POPULATIONS: Readonly<Record<number, number>> = {
  1270642: 876_824, // Gurugram (Municipal Corporation)
};

/**
 * Places known by a name none of the sources uses. Each takes the coordinates India Post's data gives
 * its PIN code (the post office named in the comment), so every coordinate here comes from a source.
 * The project's own cities that GeoNames lacks come first, then the localities commuters name.
 */
export const HAND_KEPT_PLACES: readonly {
  name: string;
  pin: string;
  area?: string;
  state: string;
  kind: 'city' | 'locality' | 'town';
}[] = [
  { name: 'Maheshtala', pin: '700141', state: 'West Bengal', kind: 'city' }, // Mahestala S.O
  { name: 'Rajpur Sonarpur', pin: '700150', state: 'West Bengal', kind: 'city' }, // Sonarpur S.O
  { name: 'North Dumdum', pin: '700028', state: 'West Bengal', kind: 'city' }, // Dumdum S.O
  { name: 'Ozhukarai', pin: '605008', state: 'Puducherry', kind: 'city' }, // Lawspet S.O
  { name: 'Rudrapur', pin: '263153', state: 'Uttarakhand', kind: 'city' }, // Rudarpur S.O
  { name: 'Deoghar', pin: '814112', state: 'Jharkhand', kind: 'city' }, // B.Deoghar H.O
  { name: 'Mehsana', pin: '384001', state: 'Gujarat', kind: 'town' }, // Mahesana H.O
  { name: 'Bodh Gaya', pin: '824231', state: 'Bihar', kind: 'town' }, // Bodhgaya S.O
  { name: 'Shantiniketan', pin: '731235', state: 'West Bengal', kind: 'town' }, // Santiniketan S.O
  { name: 'Mahabalipuram', pin: '603104', state: 'Tamil Nadu', kind: 'town' }, // Mamallapuram S.O
  { name: 'Amaravati', pin: '522020', state: 'Andhra Pradesh', kind: 'town' }, // Amaravathi S.O
  { name: 'Araku Valley', pin: '531149', state: 'Andhra Pradesh', kind: 'town' }, // Araku Colony S.O
  { name: 'Mount Abu', pin: '307501', state: 'Rajasthan', kind: 'town' }, // Abu S.O
  { name: 'Ranthambore', pin: '322001', state: 'Rajasthan', kind: 'town' }, // Sawaimadhopur H.O
  { name: 'Omkareshwar', pin: '450554', state: 'Madhya Pradesh', kind: 'town' }, // Mandhata Omkareshwar S.O
  { name: 'Naya Raipur', pin: '492101', state: 'Chhattisgarh', kind: 'town' }, // Mandir Hasod S.O
  { name: 'Manesar', pin: '122052', state: 'Haryana', kind: 'town' }, // IMT Manesar S.O
  { name: 'Electronic City', pin: '560100', area: 'Bengaluru', state: 'Karnataka', kind: 'locality' }, // Electronics City S.O
  { name: 'Hinjewadi', pin: '411057', area: 'Pune', state: 'Maharashtra', kind: 'locality' }, // Infotech Park (Hinjawadi) S.O
  { name: 'Kharadi', pin: '411014', area: 'Pune', state: 'Maharashtra', kind: 'locality' }, // Dukirkline S.O
  { name: 'Andheri', pin: '400058', area: 'Mumbai', state: 'Maharashtra', kind: 'locality' }, // Andheri Railway Station S.O
  { name: 'Gachibowli', pin: '500032', area: 'Hyderabad', state: 'Telangana', kind: 'locality' }, // Manuu S.O
  { name: 'HITEC City', pin: '500081', area: 'Hyderabad', state: 'Telangana', kind: 'locality' }, // Cyberabad S.O
  { name: 'Madhapur', pin: '500081', area: 'Hyderabad', state: 'Telangana', kind: 'locality' }, // Cyberabad S.O
  { name: 'Salt Lake', pin: '700091', area: 'Kolkata', state: 'West Bengal', kind: 'locality' }, // Sech Bhawan S.O
  { name: 'Cyber City', pin: '122002', area: 'Gurugram', state: 'Haryana', kind: 'locality' }, // DLF QE S.O
  { name: 'Baner', pin: '411045', area: 'Pune', state: 'Maharashtra', kind: 'locality' }, // N.I.A. S.O
  { name: 'Wakad', pin: '411057', area: 'Pune', state: 'Maharashtra', kind: 'locality' }, // Infotech Park (Hinjawadi) S.O
  { name: 'Magarpatta', pin: '411013', area: 'Pune', state: 'Maharashtra', kind: 'locality' }, // Hadpsar I.E. S.O
  { name: 'Viman Nagar', pin: '411014', area: 'Pune', state: 'Maharashtra', kind: 'locality' }, // Dukirkline S.O
  { name: 'Kondapur', pin: '500084', area: 'Hyderabad', state: 'Telangana', kind: 'locality' }, // Kothaguda S.O
  { name: 'Saket', pin: '110017', area: 'Delhi', state: 'Delhi', kind: 'locality' }, // Malviya Nagar S.O
  { name: 'Connaught Place', pin: '110001', area: 'New Delhi', state: 'Delhi', kind: 'locality' }, // New Delhi G.P.O.
  { name: 'Noida Sector 18', pin: '201301', area: 'Noida', state: 'Uttar Pradesh', kind: 'locality' }, // Noida H.O
  { name: 'Velachery', pin: '600042', area: 'Chennai', state: 'Tamil Nadu', kind: 'locality' }, // Velacheri S.O
  { name: 'Vastrapur', pin: '380015', area: 'Ahmedabad', state: 'Gujarat', kind: 'locality' }, // Manekbag S.O
  { name: 'Goregaon', pin: '400063', area: 'Mumbai', state: 'Maharashtra', kind: 'locality' }, // Goregaon East S.O
  { name: 'Hebbal', pin: '560024', area: 'Bengaluru', state: 'Karnataka', kind: 'locality' }, // H.A. Farm S.O
  // The metros' localities commuters name that India Post names otherwise (Thygarayanagar for T Nagar) or
  // not at all, by city; each lies within a few km of its PIN code's coordinates (Siruseri 4 km).
  ...localities('Mumbai', 'Maharashtra', [
    ['Lower Parel', '400013'], // Delisle Road S.O
    ['Bandra Kurla Complex', '400051'], // Bandra(East) S.O; "BKC" is an alias (place-names.ts)
    ['Vile Parle', '400057'], // Vileeparle (East) S.O
  ]),
  ...localities('Delhi', 'Delhi', [
    ['Lajpat Nagar', '110024'], // Lajpat Nagar (South Delhi) S.O
    ['Nehru Place', '110019'], // Kalkaji H.O
    ['Mayur Vihar', '110091'], // Patparganj S.O
    ['Rajouri Garden', '110027'], // Tagore Garden S.O
    ['Chandni Chowk', '110006'], // Delhi G.P.O.
    ['Aerocity', '110037'], // Gurgaon Road S.O
  ]),
  ...localities('Gurugram', 'Haryana', [
    ['Udyog Vihar', '122016'], // Industrial Complex Dundahera S.O
    ['Sohna Road', '122018'], // Gurgaon South City II S.O
    ['Golf Course Road', '122002'], // DLF QE S.O
    ['DLF Phase 1', '122002'], // DLF QE S.O
  ]),
  ...localities('Noida', 'Uttar Pradesh', [
    ['Noida Sector 15', '201301'], // Noida H.O
    ['Noida Sector 16', '201301'], // Noida H.O
  ]),
  ...localities('Bengaluru', 'Karnataka', [
    ['BTM Layout', '560029'], // Dharmaram College S.O (BTM 1st Stage)
    ['Marathahalli', '560037'], // Marathahalli Colony S.O
    ['Sarjapur Road', '560035'], // Carmelram S.O
    ['JP Nagar', '560078'], // J P Nagar S.O
    ['KR Puram', '560036'], // Krishnarajapuram S.O
    ['Manyata Tech Park', '560045'], // Arabic College S.O
  ]),
  ...localities('Kolkata', 'West Bengal', [
    ['Dum Dum', '700028'], // Dumdum S.O
    ['Salt Lake Sector V', '700091'], // Sech Bhawan S.O
    ['Jadavpur', '700032'], // Jadavpur University S.O
    ['Sealdah', '700014'], // Intally S.O
    ['Shyambazar', '700004'], // Shyambazar Mail S.O
  ]),
  ...localities('Chennai', 'Tamil Nadu', [
    ['T Nagar', '600017'], // Thygarayanagar H.O
    ['Siruseri', '603103'], // Kelambakkam S.O, 4 km south of the IT park
    ['Taramani', '600113'], // TTTI Taramani S.O
    ['Thoraipakkam', '600097'], // Oggiamthoraipakkam S.O
    ['Pallikaranai', '600100'], // Medavakkam S.O
  ]),
  ...localities('Ahmedabad', 'Gujarat', [
    ['Satellite', '380015'], // Manekbag S.O
    ['Prahlad Nagar', '380015'], // Manekbag S.O
    ['Gota', '382481'], // Chandlodia S.O
    ['Chandkheda', '382424'], // Chandkheda Society Area S.O
    ['Naranpura', '380013'], // Naranpura Vistar S.O
    ['Nikol', '382350'], // T B Nagar S.O
  ]),
  ...localities('Hyderabad', 'Telangana', [
    ['Ameerpet', '500016'], // Begumpet S.O
    ['Financial District', '500032'], // Manuu S.O
    ['Nanakramguda', '500032'], // Manuu S.O
    ['LB Nagar', '500074'], // L B Nagar S.O
    ['Dilsukhnagar', '500060'], // P & T Colony S.O (K.V.Rangareddy)
    ['Kokapet', '500075'], // C.B.I.T S.O
  ]),
  ...localities('Pune', 'Maharashtra', [
    ['Kothrud', '411038'], // Ex. Serviceman Colony S.O
    ['Aundh', '411007'], // Ganeshkhind S.O
    ['Koregaon Park', '411001'], // Pune H.O
    ['Pimple Saudagar', '411027'], // Aundh Camp S.O
    ['Kalyani Nagar', '411006'], // Yerwada S.O
    ['Balewadi', '411045'], // N.I.A. S.O
    ['Bavdhan', '411021'], // Armament S.O
  ]),
];

function localities(area: string, state: string, names: [name: string, pin: string][]) {
  return names.map(([name, pin]) => ({ name, pin, area, state, kind: 'locality' as const }));
}
