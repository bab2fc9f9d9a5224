/**
 * Fixed vocabularies of the sample data set. They are data, not logic: the generator draws from them with
 * its seeded random streams, so editing a list changes the data set (and its snapshot) on purpose only.
 */

export interface CategoryDefinition {
  name: string;
  /** Relative share of the catalogue. */
  share: number;
  /** Price points in cents; real shops cluster around a few of them rather than a uniform range. */
  pricePointsInCents: readonly number[];
  /** Cost as a fraction of price, [lowest, highest]: margins differ a lot between categories. */
  costRatio: readonly [number, number];
  brands: readonly string[];
  nouns: readonly string[];
}

export const categories: readonly CategoryDefinition[] = [
  {
    name: 'Electronics',
    share: 14,
    pricePointsInCents: [1999, 2999, 4999, 7999, 12999, 19999, 29999, 49999, 79999, 129999],
    costRatio: [0.6, 0.8],
    brands: ['Voltix', 'Nordwave', 'Quanta', 'Lumen', 'Arcbyte'],
    nouns: ['Headphones', 'Speaker', 'Monitor', 'Keyboard', 'Tablet', 'Camera', 'Charger', 'Smartwatch'],
  },
  {
    name: 'Home & Kitchen',
    share: 18,
    pricePointsInCents: [999, 1499, 2499, 3499, 4999, 7999, 12999, 19999],
    costRatio: [0.4, 0.6],
    brands: ['Hearthly', 'Casa Verde', 'Oakline', 'Kitchly'],
    nouns: ['Kettle', 'Pan', 'Knife Set', 'Blender', 'Lamp', 'Throw', 'Mug Set', 'Storage Box'],
  },
  {
    name: 'Clothing',
    share: 22,
    pricePointsInCents: [1299, 1999, 2999, 3999, 5999, 7999, 11999],
    costRatio: [0.3, 0.5],
    brands: ['Fieldcraft', 'Urbano', 'Mistral', 'Tundra & Co'],
    nouns: ['T-Shirt', 'Hoodie', 'Jeans', 'Jacket', 'Sneakers', 'Dress', 'Scarf', 'Cap'],
  },
  {
    name: 'Sports & Outdoors',
    share: 12,
    pricePointsInCents: [1499, 2499, 3999, 5999, 8999, 14999, 24999, 39999],
    costRatio: [0.45, 0.65],
    brands: ['Summitry', 'Pacer', 'Ridgeback'],
    nouns: ['Yoga Mat', 'Backpack', 'Tent', 'Water Bottle', 'Running Shoes', 'Dumbbells', 'Bike Light'],
  },
  {
    name: 'Beauty',
    share: 10,
    pricePointsInCents: [499, 799, 1299, 1899, 2499, 3999, 5999],
    costRatio: [0.25, 0.45],
    brands: ['Aurelle', 'Pure Botanik', 'Velour'],
    nouns: ['Face Cream', 'Serum', 'Shampoo', 'Lip Balm', 'Perfume', 'Sunscreen'],
  },
  {
    name: 'Books',
    share: 12,
    pricePointsInCents: [799, 999, 1299, 1599, 1999, 2999, 4499],
    costRatio: [0.5, 0.7],
    brands: ['Harbor Press', 'Lantern Books', 'Meridian'],
    nouns: ['Novel', 'Cookbook', 'Travel Guide', 'Biography', 'Atlas', 'Poetry Collection'],
  },
  {
    name: 'Toys',
    share: 7,
    pricePointsInCents: [999, 1499, 2499, 3499, 4999, 7999, 11999],
    costRatio: [0.4, 0.6],
    brands: ['Brickwell', 'Tinker Tots', 'Playfold'],
    nouns: ['Puzzle', 'Building Set', 'Board Game', 'Plush Bear', 'Race Car', 'Doll House'],
  },
  {
    name: 'Grocery',
    share: 5,
    pricePointsInCents: [199, 299, 449, 599, 899, 1299, 1999],
    costRatio: [0.6, 0.8],
    brands: ['Good Harvest', 'Mill & Stone', 'Daybreak'],
    nouns: ['Coffee Beans', 'Olive Oil', 'Granola', 'Tea Tin', 'Chocolate Bar', 'Pasta'],
  },
];

export const productAdjectives: readonly string[] = [
  'Classic',
  'Pro',
  'Eco',
  'Compact',
  'Deluxe',
  'Everyday',
  'Premium',
  'Lite',
  'Signature',
  'Travel',
];

/** City, country and relative weight: customers and stores concentrate in a few large cities. */
export const cities: readonly (readonly [string, string, number])[] = [
  ['New York', 'United States', 14],
  ['Los Angeles', 'United States', 9],
  ['Chicago', 'United States', 6],
  ['Austin', 'United States', 3],
  ['Seattle', 'United States', 3],
  ['Toronto', 'Canada', 5],
  ['Vancouver', 'Canada', 2],
  ['London', 'United Kingdom', 10],
  ['Manchester', 'United Kingdom', 3],
  ['Berlin', 'Germany', 6],
  ['Munich', 'Germany', 3],
  ['Paris', 'France', 6],
  ['Lyon', 'France', 2],
  ['Madrid', 'Spain', 3],
  ['Amsterdam', 'Netherlands', 3],
  ['Stockholm', 'Sweden', 2],
  ['Sydney', 'Australia', 3],
  ['Melbourne', 'Australia', 2],
];

export const firstNames: readonly string[] = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Lucas',
  'Mia',
  'Elijah',
  'Sofia',
  'James',
  'Amelia',
  'Mateo',
  'Chloe',
  'Leon',
  'Hannah',
  'Arjun',
  'Yuki',
  'Fatima',
  'Omar',
  'Ingrid',
  'Pierre',
  'Lucia',
  'Daniel',
  'Grace',
  'Samuel',
  'Zoe',
  'Hugo',
  'Nora',
  'Mohammed',
  'Elena',
];

export const lastNames: readonly string[] = [
  'Smith',
  'Johnson',
  'Garcia',
  'Brown',
  'Martin',
  'Müller',
  'Schmidt',
  'Dubois',
  'Rossi',
  'Andersson',
  'Nguyen',
  'Kim',
  'Patel',
  'Lopez',
  'Wilson',
  'Taylor',
  'Clarke',
  'Jansen',
  'Novak',
  'Silva',
  'Tanaka',
  'Okafor',
  'Fischer',
  'Moreau',
  'Hughes',
];

export const storeNameSuffixes: readonly string[] = ['Flagship', 'Central', 'Outlet', 'Market', 'Plaza'];
