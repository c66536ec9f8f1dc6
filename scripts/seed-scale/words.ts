// Plain word lists the SQL picks from, so a hundred thousand rows read like a shop's own.

export const productAdjectives = [
  'Compact',
  'Rugged',
  'Slim',
  'Modular',
  'Heavy-Duty',
  'Adjustable',
  'Foldable',
  'Magnetic',
  'Snap-Fit',
  'Low-Profile',
  'Stackable',
  'Universal',
  'Reinforced',
  'Minimal',
  'Vented',
  'Weatherproof',
  'Precision',
  'Ergonomic',
  'Clip-On',
  'Twist-Lock',
]

export const productMaterials = ['PLA', 'PETG', 'ABS', 'TPU', 'Nylon', 'PETG-CF', 'ASA', 'Resin']

export const productNouns = [
  'Phone Mount',
  'Cable Clip',
  'Tablet Stand',
  'Wall Hook',
  'Shelf Bracket',
  'Drawer Organizer',
  'Spool Holder',
  'Headphone Hanger',
  'Plant Pot',
  'Knob',
  'Spur Gear',
  'Pulley',
  'Hinge',
  'Enclosure',
  'Battery Case',
  'Camera Mount',
  'Bike Light Holder',
  'Key Rack',
  'Desk Tidy',
  'Filament Guide',
  'Drone Arm',
  'Fan Duct',
  'Miniature Base',
  'Dice Tower',
  'Card Box',
  'Cosplay Buckle',
  'Lamp Shade',
  'Coaster Set',
  'Pen Holder',
  'Router Bracket',
  'GoPro Adapter',
  'Bottle Opener',
  'Hose Connector',
  'Bird Feeder',
  'Model Stand',
]

export const descriptionOpenings = [
  'Designed in our workshop and printed to order',
  'A sturdy print for everyday use',
  'Tested on our own desks, bikes and cars',
  'Printed with fine layers for a clean finish',
  'A customer favourite, reprinted every week',
]

export const descriptionUses = [
  'keeps your desk tidy',
  'fits most standard fixings',
  'needs no tools to install',
  'survives sun, rain and frost',
  'is light enough to post in an envelope',
  'replaces the part that broke',
]

/** Variation sets as the product form stores them: ids are the names' slugs. */
export const variationSets = [
  [
    { id: 'matte-black', name: 'Matte Black', priceModifierCents: 0 },
    { id: 'safety-orange', name: 'Safety Orange', priceModifierCents: 150 },
    { id: 'recycled-grey', name: 'Recycled Grey', priceModifierCents: -100 },
  ],
  [
    { id: 'small', name: 'Small', priceModifierCents: -200 },
    { id: 'medium', name: 'Medium', priceModifierCents: 0 },
    { id: 'large', name: 'Large', priceModifierCents: 400 },
  ],
  [
    { id: 'pla', name: 'PLA', priceModifierCents: 0 },
    { id: 'petg', name: 'PETG', priceModifierCents: 200 },
  ],
  [
    { id: 'arctic-white', name: 'Arctic White', priceModifierCents: 0 },
    { id: 'carbon-fibre-petg', name: 'Carbon Fibre PETG', priceModifierCents: 350 },
    { id: 'glow-in-the-dark', name: 'Glow in the Dark', priceModifierCents: 250 },
    { id: 'ocean-blue', name: 'Ocean Blue', priceModifierCents: 0 },
  ],
]

/** Categories a large catalogue adds to the demo shop's three. */
export const extraCategoryNames = [
  'Home & Kitchen',
  'Garden',
  'Automotive',
  'Drone Parts',
  'Tabletop Gaming',
  'Cosplay & Props',
  'Office & Desk',
  'Replacement Parts',
  'Educational Models',
]

export const firstNames = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Casey',
  'Morgan',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Charlie',
  'Robin',
  'Maria',
  'Wei',
  'Aisha',
  'Lukas',
  'Sofia',
  'Mateo',
  'Yuki',
  'Noah',
  'Emma',
  'Liam',
  'Olivia',
  'Ahmed',
  'Priya',
  'Chen',
  'Fatima',
  'Jonas',
  'Elena',
  'Kwame',
]

export const lastNames = [
  'Smith',
  'Garcia',
  'Nguyen',
  'Müller',
  'Kowalski',
  'Okafor',
  'Rossi',
  'Tanaka',
  'Johnson',
  'Silva',
  'Brown',
  'Larsen',
  'Dubois',
  'Patel',
  'Kim',
  'Novak',
  'Hughes',
  'Costa',
  'Fischer',
  'Walker',
  'Ali',
  'Moreau',
  "O'Brien",
  'Haddad',
  'Jensen',
]

export const streetNames = [
  'Maple Street',
  'Oak Avenue',
  'High Street',
  'Station Road',
  'Printer Way',
  'Mill Lane',
  'Harbour Road',
  'Elm Drive',
  'Park Terrace',
  'Bridge Street',
  'Church Lane',
  'Market Square',
]

/** City, state or region, postal code, country (ISO 3166-1 alpha-2) and the start of a phone number. */
export const cities = [
  ['Austin', 'TX', '78701', 'US', '+1 512 555 01'],
  ['Portland', 'OR', '97205', 'US', '+1 503 555 01'],
  ['Chicago', 'IL', '60601', 'US', '+1 312 555 01'],
  ['Boston', 'MA', '02108', 'US', '+1 617 555 01'],
  ['Denver', 'CO', '80202', 'US', '+1 303 555 01'],
  ['Toronto', 'ON', 'M5V 2T6', 'CA', '+1 416 555 01'],
  ['Manchester', 'Greater Manchester', 'M1 1AE', 'GB', '+44 161 496 00'],
  ['Berlin', 'Berlin', '10115', 'DE', '+49 30 901820'],
  ['Lyon', 'Auvergne-Rhône-Alpes', '69002', 'FR', '+33 4 72 10 30'],
  ['Melbourne', 'VIC', '3000', 'AU', '+61 3 9123 45'],
]

export const reviewTitles = {
  good: ['Great print', 'Exactly what I needed', 'Sturdy and neat', 'Better than the original', 'Perfect fit'],
  middling: ['Does the job', 'Good, not perfect', 'Fine for the price'],
  poor: ['Broke after a week', 'Did not fit', 'Not as pictured'],
}

export const reviewComments = {
  good: [
    'Arrived quickly, well packed, and the layers are barely visible.',
    'Fits perfectly and feels solid. Ordering a second one for the car.',
    'The colour matches the photos and it snapped into place first time.',
    'Replaced a part the manufacturer no longer sells. Works like new.',
  ],
  middling: [
    'Works, though I had to sand one edge before it fitted.',
    'Decent quality; delivery took a few days longer than expected.',
  ],
  poor: ['The clip cracked the first time I used it in the cold.', 'Too tight for my phone case, had to send it back.'],
}

export const carriers = ['UPS', 'USPS', 'FedEx', 'DHL']
