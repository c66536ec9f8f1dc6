// The demo shop a fresh installation starts with: plain data, no database code.
// Money is in cents. Products, reviews and guides refer to each other by slug and category name.

export type ProductShape =
  | 'mount'
  | 'cradle'
  | 'stand'
  | 'knob'
  | 'clip'
  | 'gear'
  | 'bracket'
  | 'hook'
  | 'case'
  | 'phone-case'
  | 'enclosure'

export type DemoProduct = {
  /** Used for image storage keys (`products/<slug>/<n>.png`) and to link reviews. */
  slug: string
  title: string
  description: string
  category: (typeof productCategoryNames)[number]
  shippingCategory: (typeof shippingCategoryNames)[number]
  sku: string
  priceCents: number
  priceType: 'set' | 'tiered'
  tieredPricing: { quantity: number; priceCents: number }[]
  variations: { id: string; name: string; priceModifierCents: number }[]
  quickSelectVisible: boolean
  status: 'visible' | 'hidden' | 'archived'
  stockQuantity: number
  /** Body and accent colour of the rendered product shots. */
  palette: [string, string]
  shape: ProductShape
  imageCount: 2 | 3
}

export type DemoReview = {
  /** Null for a general review of the shop. */
  productSlug: string | null
  name: string
  rating: 1 | 2 | 3 | 4 | 5
  title: string
  comment: string
  approved: boolean
  daysAgo: number
}

export type DemoGuide = {
  title: string
  description: string
  category: (typeof guideCategoryNames)[number]
  status: 'visible' | 'hidden' | 'archived'
  daysAgo: number
  steps: { title: string; content: string; video?: string }[]
}

export const productCategoryNames = ['Phone Mounts', 'Tools & Parts', 'Device Cases'] as const
export const shippingCategoryNames = ['Standard Shipping', 'Small Item Shipping', 'Heavy Item Shipping'] as const
export const guideCategoryNames = ['Installation', 'Design', 'Troubleshooting'] as const

export const demoServices: {
  title: string
  description: string
  priceCents: number
  priceUnit: string
  features: string[]
}[] = [
  {
    title: '3D Design',
    description:
      'From a napkin sketch, a photo or a broken part to a print-ready model. We design functional parts, enclosures and custom accessories in CAD, and send you renders to approve before anything is printed.',
    priceCents: 3000,
    priceUnit: 'hr',
    features: [
      'Parametric CAD models you can reuse',
      'Renders for approval before printing',
      'Tolerances tuned for snap fits and threads',
      'STEP and STL files included',
    ],
  },
  {
    title: '3D Printing',
    description:
      'Reliable prints in PLA, ASA, PETG and TPU on our calibrated printer farm. Send us your own model or one we designed for you, in one piece or a batch of hundreds.',
    priceCents: 500,
    priceUnit: 'print hour',
    features: [
      'PLA, ASA, PETG and TPU',
      'Layer heights from 0.08 mm to 0.3 mm',
      'Support removal and light finishing included',
      'Batch discounts for larger runs',
      'Standard production in 3 to 5 business days',
    ],
  },
  {
    title: '3D Scanning',
    description:
      'We scan objects up to the size of a car bumper with a structured-light scanner and turn the result into a clean, watertight mesh or a CAD model ready for reproduction.',
    priceCents: 4500,
    priceUnit: 'scan',
    features: [
      'Accuracy up to 0.05 mm',
      'Cleaned, watertight mesh',
      'Reverse engineering into CAD on request',
      'Objects from 2 cm to 1 m',
    ],
  },
]

export const demoAbout: Record<'hero' | 'story' | 'mission', { title: string; content: string; image: string }> = {
  hero: {
    title: 'Designed, scanned and printed in our workshop',
    content: 'LayerWorks 3D turns ideas, sketches and broken parts into objects you can hold, one layer at a time.',
    image: 'A row of 3D printers at work in a bright workshop, a finished phone mount in the foreground.',
  },
  story: {
    title: 'Our story',
    content:
      'LayerWorks started in 2019 on a kitchen table with one printer and a broken dishwasher rack. The replacement clip we designed that evening is still holding, and friends soon started bringing us their own broken parts.\n\nToday we run a small workshop with a farm of printers and a structured-light scanner. We still design every product ourselves, test it on our own bikes, cars and desks, and print each order when you place it.',
    image: 'The founders at a workbench covered in calipers, sketches and printed prototypes.',
  },
  mission: {
    title: 'Our mission',
    content:
      'We want fixing to be easier than throwing away. Every product we sell is designed to last, printed to order to avoid waste, and can be reprinted years from now from the files we keep.\n\nWhether you need one custom part or a run of five hundred, you talk to the people who design and print it.',
    image: 'Close-up of a nozzle laying down the first layer of an orange print.',
  },
}

const returnsContent = `We want you to be happy with every part you receive. If something is not right, tell us and we will make it right.

Standard products (anything listed in our shop that is not made to your specification) can be returned within 30 days of delivery. Items must be unused and in their original packaging. Once we receive the return, we refund the purchase price to the original payment method within 5 business days, or send an exchange if you prefer.

Custom orders (designs, prints and scans made to your specification) can be returned within 7 days of delivery only if they are defective or do not match the approved design. Send us a photo of the problem and we will reprint the part or refund it.

To start a return or exchange, contact us with your order number. Return shipping is free when the item is defective or we made a mistake; otherwise it is paid by the customer.`

const shippingContent = `Every product is printed to order. Standard production takes 3 to 5 business days; large or custom orders may take longer, and we will tell you before we start.

We ship worldwide. The shipping cost is calculated at checkout from the items in your cart and where they are going, so you always see the full price before you pay.

Once your order leaves the workshop you receive an e-mail with its tracking number. Delivery usually takes 2 to 5 business days within the country and 7 to 15 business days internationally. Import duties and taxes for international orders are paid by the recipient.

If a parcel arrives damaged or does not arrive at all, contact us and we will reprint and reship your order.`

const privacyContent = `We collect only what we need to run the shop: your name, e-mail address, shipping address and the contents of your orders, quotes and messages.

We use this information to make and deliver your orders, send order and invoice e-mails, answer your questions and, if you subscribe, send our newsletter. Card payments are handled by our payment provider; we never see or store your full card number.

We never sell your data. We share it only with the services needed to fulfil your order, such as the carrier that delivers your parcel.

You can ask us at any time for a copy of your data, to correct it, or to delete your account. Newsletter e-mails contain an unsubscribe link.`

export const demoPolicies: { slug: string; title: string; summary: string; content: string }[] = [
  {
    slug: 'returns',
    title: 'Returns & Exchanges',
    summary: 'Returns within 30 days for standard items; custom orders within 7 days if defective or not as approved.',
    content: returnsContent,
  },
  {
    slug: 'shipping',
    title: 'Shipping Policy',
    summary: 'Made to order in 3 to 5 business days and shipped worldwide, with the cost calculated at checkout.',
    content: shippingContent,
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    summary: 'We keep only what we need to make and deliver your orders, and never sell your data.',
    content: privacyContent,
  },
]

const colourOptions = (modifierCents: number) => [
  { id: 'black', name: 'Matte Black', priceModifierCents: 0 },
  { id: 'orange', name: 'Safety Orange', priceModifierCents: modifierCents },
  { id: 'grey', name: 'Recycled Grey', priceModifierCents: -100 },
]

export const demoProducts: DemoProduct[] = [
  {
    slug: 'universal-bike-phone-mount',
    title: 'Universal Bike Phone Mount',
    description:
      'Holds phones from 4.7" to 6.9" securely on handlebars from 22 to 32 mm. Printed in tough PETG with TPU grip pads, it stays put on cobblestones and gravel and swaps between bikes in seconds.',
    category: 'Phone Mounts',
    shippingCategory: 'Small Item Shipping',
    sku: 'LW-PM-001',
    priceCents: 2499,
    priceType: 'set',
    tieredPricing: [],
    variations: colourOptions(250),
    quickSelectVisible: true,
    status: 'visible',
    stockQuantity: 42,
    palette: ['#2b2f36', '#f97316'],
    shape: 'mount',
    imageCount: 3,
  },
  {
    slug: 'dashboard-phone-cradle',
    title: 'Dashboard Phone Cradle',
    description:
      'A low-profile cradle that sits on the dashboard and keeps your phone at eye level for navigation. The weighted base and non-slip pad need no adhesive, and the side arms leave the charging port free.',
    category: 'Phone Mounts',
    shippingCategory: 'Standard Shipping',
    sku: 'LW-PM-002',
    priceCents: 1999,
    priceType: 'set',
    tieredPricing: [],
    variations: [
      { id: 'black', name: 'Matte Black', priceModifierCents: 0 },
      { id: 'carbon', name: 'Carbon Fibre PETG', priceModifierCents: 250 },
      { id: 'white', name: 'Arctic White', priceModifierCents: -100 },
    ],
    quickSelectVisible: true,
    status: 'visible',
    stockQuantity: 35,
    palette: ['#3a3f47', '#38bdf8'],
    shape: 'cradle',
    imageCount: 3,
  },
  {
    slug: 'desk-phone-stand',
    title: 'Angled Desk Phone Stand',
    description:
      'A sturdy stand that holds your phone at a comfortable 60° angle for video calls and recipes. Fits phones in most cases, in portrait or landscape, with a cable slot for charging.',
    category: 'Phone Mounts',
    shippingCategory: 'Small Item Shipping',
    sku: 'LW-PM-003',
    priceCents: 1650,
    priceType: 'set',
    tieredPricing: [],
    variations: [],
    quickSelectVisible: false,
    status: 'visible',
    stockQuantity: 0,
    palette: ['#0f766e', '#fde68a'],
    shape: 'stand',
    imageCount: 2,
  },
  {
    slug: 'motorcycle-handlebar-mount',
    title: 'Motorcycle Handlebar Mount',
    description:
      'A heavier version of our bike mount with a vibration-damping TPU core and a locking clamp for motorcycle bars up to 32 mm. Currently being road-tested before its release.',
    category: 'Phone Mounts',
    shippingCategory: 'Standard Shipping',
    sku: 'LW-PM-004',
    priceCents: 2999,
    priceType: 'set',
    tieredPricing: [],
    variations: [],
    quickSelectVisible: false,
    status: 'hidden',
    stockQuantity: 12,
    palette: ['#1f2937', '#ef4444'],
    shape: 'mount',
    imageCount: 2,
  },
  {
    slug: 'replacement-knob-set',
    title: 'Replacement Knob Set',
    description:
      'A set of three knurled knobs that replace lost or cracked knobs on stoves, amplifiers and machine tools. Each fits a standard 6 mm D-shaft; tell us in the order notes if you need another shaft.',
    category: 'Tools & Parts',
    shippingCategory: 'Small Item Shipping',
    sku: 'LW-TP-001',
    priceCents: 899,
    priceType: 'tiered',
    tieredPricing: [
      { quantity: 1, priceCents: 899 },
      { quantity: 10, priceCents: 749 },
      { quantity: 50, priceCents: 599 },
    ],
    variations: [],
    quickSelectVisible: false,
    status: 'visible',
    stockQuantity: 240,
    palette: ['#27272a', '#d4d4d8'],
    shape: 'knob',
    imageCount: 3,
  },
  {
    slug: 'cable-management-clips',
    title: 'Cable Management Clips (10 pack)',
    description:
      'Snap-in clips that keep charging cables and desk wiring tidy. The flexible PETG opening takes cables up to 7 mm and the base takes a strip of double-sided tape or a small screw.',
    category: 'Tools & Parts',
    shippingCategory: 'Small Item Shipping',
    sku: 'LW-TP-002',
    priceCents: 699,
    priceType: 'tiered',
    tieredPricing: [
      { quantity: 1, priceCents: 699 },
      { quantity: 10, priceCents: 549 },
      { quantity: 50, priceCents: 399 },
    ],
    variations: [
      { id: 'black', name: 'Matte Black', priceModifierCents: 0 },
      { id: 'glow', name: 'Glow in the Dark', priceModifierCents: 250 },
      { id: 'white', name: 'Arctic White', priceModifierCents: -100 },
    ],
    quickSelectVisible: true,
    status: 'visible',
    stockQuantity: 500,
    palette: ['#f8fafc', '#6366f1'],
    shape: 'clip',
    imageCount: 3,
  },
  {
    slug: 'replacement-spur-gear',
    title: 'Replacement Spur Gear (20 teeth)',
    description:
      'A module 1, 20-tooth spur gear printed in nylon for drills, mixers and printer extruders. Quiet, wear-resistant and a drop-in replacement for the common stripped plastic gear.',
    category: 'Tools & Parts',
    shippingCategory: 'Small Item Shipping',
    sku: 'LW-TP-003',
    priceCents: 1200,
    priceType: 'tiered',
    tieredPricing: [
      { quantity: 1, priceCents: 1200 },
      { quantity: 10, priceCents: 950 },
      { quantity: 50, priceCents: 725 },
    ],
    variations: [],
    quickSelectVisible: false,
    status: 'visible',
    stockQuantity: 80,
    palette: ['#e7e5e4', '#0ea5e9'],
    shape: 'gear',
    imageCount: 3,
  },
  {
    slug: 'heavy-duty-shelf-bracket',
    title: 'Heavy-Duty Shelf Bracket',
    description:
      'A ribbed L-bracket with a full gusset that carries up to 15 kg per pair. Printed with 60% infill in PETG-CF, with countersunk holes for 5 mm screws.',
    category: 'Tools & Parts',
    shippingCategory: 'Heavy Item Shipping',
    sku: 'LW-TP-004',
    priceCents: 1499,
    priceType: 'set',
    tieredPricing: [],
    variations: colourOptions(300),
    quickSelectVisible: false,
    status: 'visible',
    stockQuantity: 60,
    palette: ['#374151', '#a3a3a3'],
    shape: 'bracket',
    imageCount: 2,
  },
  {
    slug: 'classic-utility-wall-hook',
    title: 'Classic Utility Wall Hook',
    description:
      'Our first product: a simple screw-on hook for coats, bags and tools. Replaced by a stronger design and no longer sold.',
    category: 'Tools & Parts',
    shippingCategory: 'Small Item Shipping',
    sku: 'LW-TP-005',
    priceCents: 499,
    priceType: 'set',
    tieredPricing: [],
    variations: [],
    quickSelectVisible: false,
    status: 'archived',
    stockQuantity: 15,
    palette: ['#b45309', '#fef3c7'],
    shape: 'hook',
    imageCount: 2,
  },
  {
    slug: 'rugged-tablet-case',
    title: 'Rugged Tablet Case',
    description:
      'A shock-absorbing case for 10 to 11 inch tablets with thick TPU corner bumpers and a grippy back panel. Made for workshops, job sites and kids, with cut-outs for every port and camera.',
    category: 'Device Cases',
    shippingCategory: 'Standard Shipping',
    sku: 'LW-DC-001',
    priceCents: 3999,
    priceType: 'set',
    tieredPricing: [],
    variations: [
      { id: 'olive', name: 'Olive Drab', priceModifierCents: 0 },
      { id: 'orange', name: 'Safety Orange', priceModifierCents: 250 },
      { id: 'black', name: 'Matte Black', priceModifierCents: -100 },
    ],
    quickSelectVisible: true,
    status: 'visible',
    stockQuantity: 18,
    palette: ['#4d5b35', '#1c1917'],
    shape: 'case',
    imageCount: 3,
  },
  {
    slug: 'slim-phone-bumper-case',
    title: 'Slim Phone Bumper Case',
    description:
      'A thin, flexible case printed in TPU that protects edges and corners without adding bulk. Has a raised lip around the camera and a built-in ring for magnetic chargers.',
    category: 'Device Cases',
    shippingCategory: 'Small Item Shipping',
    sku: 'LW-DC-002',
    priceCents: 1499,
    priceType: 'set',
    tieredPricing: [],
    variations: [
      { id: 'clear', name: 'Frosted Clear', priceModifierCents: 0 },
      { id: 'blue', name: 'Ocean Blue', priceModifierCents: 250 },
      { id: 'black', name: 'Matte Black', priceModifierCents: -100 },
    ],
    quickSelectVisible: false,
    status: 'visible',
    stockQuantity: 64,
    palette: ['#1d4ed8', '#e2e8f0'],
    shape: 'phone-case',
    imageCount: 3,
  },
  {
    slug: 'single-board-computer-enclosure',
    title: 'Single-Board Computer Enclosure',
    description:
      'A ventilated snap-fit enclosure for credit-card-sized single-board computers, with openings for every port and mounting bosses for a 30 mm fan. Stackable and wall-mountable.',
    category: 'Device Cases',
    shippingCategory: 'Standard Shipping',
    sku: 'LW-DC-003',
    priceCents: 1899,
    priceType: 'tiered',
    tieredPricing: [
      { quantity: 1, priceCents: 1899 },
      { quantity: 10, priceCents: 1599 },
      { quantity: 50, priceCents: 1299 },
    ],
    variations: [],
    quickSelectVisible: false,
    status: 'visible',
    stockQuantity: 27,
    palette: ['#be123c', '#fafaf9'],
    shape: 'enclosure',
    imageCount: 3,
  },
]

export const demoReviews: DemoReview[] = [
  {
    productSlug: 'universal-bike-phone-mount',
    name: 'Maria Gonzalez',
    rating: 5,
    title: 'Rock solid on gravel',
    comment: 'I ride a lot of gravel and my phone has not moved once in two months. Easy to move between my two bikes.',
    approved: true,
    daysAgo: 12,
  },
  {
    productSlug: 'universal-bike-phone-mount',
    name: 'James Whitaker',
    rating: 4,
    title: 'Great mount, tight fit',
    comment:
      'Holds my phone securely. The clamp was a bit tight on my 31.8 mm bar at first but loosened up after a few rides.',
    approved: true,
    daysAgo: 34,
  },
  {
    productSlug: 'dashboard-phone-cradle',
    name: 'Priya Raman',
    rating: 5,
    title: 'No more sticky pads',
    comment: 'Finally a dashboard holder that does not need adhesive. It stays put even on twisty roads.',
    approved: true,
    daysAgo: 20,
  },
  {
    productSlug: 'dashboard-phone-cradle',
    name: 'Tom Becker',
    rating: 4,
    title: 'Does the job',
    comment: 'Solid and well printed. I would love a version with a wireless charging pad.',
    approved: true,
    daysAgo: 47,
  },
  {
    productSlug: 'replacement-knob-set',
    name: 'Daniel Okafor',
    rating: 5,
    title: 'Saved my vintage amplifier',
    comment: 'The original knobs were impossible to find. These fit perfectly and look better than the originals.',
    approved: true,
    daysAgo: 9,
  },
  {
    productSlug: 'cable-management-clips',
    name: 'Emily Chen',
    rating: 5,
    title: 'Tidy desk at last',
    comment: 'Bought fifty for the whole office. The clips hold cables firmly but release them easily when needed.',
    approved: true,
    daysAgo: 27,
  },
  {
    productSlug: 'cable-management-clips',
    name: 'Lukas Novak',
    rating: 3,
    title: 'Good clips, bring your own tape',
    comment:
      'The clips themselves are great, but the tape I used did not hold on textured surfaces. Screwing them in works fine.',
    approved: true,
    daysAgo: 61,
  },
  {
    productSlug: 'replacement-spur-gear',
    name: 'Hannah Schmidt',
    rating: 5,
    title: 'Quieter than the original',
    comment:
      'Replaced the stripped gear in my stand mixer. It runs quieter than before and shows no wear after a month.',
    approved: true,
    daysAgo: 16,
  },
  {
    productSlug: 'rugged-tablet-case',
    name: 'Carlos Mendes',
    rating: 5,
    title: 'Survived a fall from a ladder',
    comment:
      'I use my tablet on building sites every day. It fell about two metres onto concrete and came out without a scratch.',
    approved: true,
    daysAgo: 5,
  },
  {
    productSlug: 'rugged-tablet-case',
    name: 'Aisha Patel',
    rating: 4,
    title: 'Tough and grippy',
    comment: 'My kids cannot break it. It adds some weight, which is the price of the protection.',
    approved: true,
    daysAgo: 40,
  },
  {
    productSlug: 'slim-phone-bumper-case',
    name: 'Sophie Laurent',
    rating: 4,
    title: 'Slim and soft',
    comment: 'Nice feel and the magnetic charger snaps right on. The blue is a little darker than in the photos.',
    approved: true,
    daysAgo: 22,
  },
  {
    productSlug: 'single-board-computer-enclosure',
    name: 'Kenji Watanabe',
    rating: 5,
    title: 'Perfect fit',
    comment: 'Every port lines up and the fan mount keeps my home server cool. I ordered ten for the whole rack.',
    approved: true,
    daysAgo: 30,
  },
  {
    productSlug: null,
    name: 'Olivia Brooks',
    rating: 5,
    title: 'Designed exactly what I needed',
    comment:
      'I sent a rough sketch of a bracket for my boat and got renders the next day. The printed part fits perfectly.',
    approved: true,
    daysAgo: 14,
  },
  {
    productSlug: null,
    name: 'Marcus Johnson',
    rating: 5,
    title: 'Brought a vintage part back to life',
    comment:
      'They scanned a cracked trim piece from my 1972 car and printed a replacement that is better than the original.',
    approved: true,
    daysAgo: 52,
  },
  {
    productSlug: 'desk-phone-stand',
    name: 'Ryan Cooper',
    rating: 4,
    title: 'Waiting for restock',
    comment: 'Bought one for my desk and want two more. Please restock soon!',
    approved: false,
    daysAgo: 2,
  },
  {
    productSlug: 'heavy-duty-shelf-bracket',
    name: 'Jenna Miller',
    rating: 2,
    title: 'Screws not included',
    comment: 'The brackets are strong but I expected screws in the box.',
    approved: false,
    daysAgo: 1,
  },
]

export const demoGuides: DemoGuide[] = [
  {
    title: 'Installing the Universal Bike Phone Mount',
    description: 'Fit the mount to your handlebar and set up your phone in under five minutes.',
    category: 'Installation',
    status: 'visible',
    daysAgo: 70,
    steps: [
      {
        title: 'Choose the right spot',
        content:
          'Pick a straight section of the handlebar close to the stem, where the mount will not touch your brake or gear cables when you steer.',
      },
      {
        title: 'Fit the clamp',
        content:
          'Open the clamp, place the rubber shim that matches your bar diameter inside it, and close it around the bar. Tighten the screw by hand until the mount no longer rotates.',
        video: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      },
      {
        title: 'Insert your phone',
        content:
          'Press the bottom corners of your phone into the lower lip, then pull the top arm over the phone until it clicks. The grip pads should touch the phone on all four corners.',
      },
      {
        title: 'Check before riding',
        content:
          'Give the phone a firm shake. If it moves, tighten the clamp a quarter turn more. Re-check after your first ride.',
      },
    ],
  },
  {
    title: 'Preparing a Model for 3D Printing',
    description: 'What to check in your file before you send it to us, so your print comes out right the first time.',
    category: 'Design',
    status: 'visible',
    daysAgo: 45,
    steps: [
      {
        title: 'Export as STL or STEP',
        content:
          'Export your model in millimetres as STL (a mesh) or STEP (a CAD solid). STEP lets us adjust tolerances for you if needed.',
      },
      {
        title: 'Make the mesh watertight',
        content:
          'Holes, flipped faces and overlapping parts confuse the slicer. Most CAD programs have a "check geometry" or "repair" command; run it before exporting.',
      },
      {
        title: 'Mind the minimum sizes',
        content:
          'Walls should be at least 1.2 mm thick and text at least 0.6 mm deep. Leave 0.3 mm of clearance between parts that must fit together.',
      },
      {
        title: 'Think about orientation',
        content:
          'Prints are strongest along their layers. Tell us which direction the part is loaded in and we will orient it so the layers carry the load.',
      },
    ],
  },
  {
    title: 'Fixing a Loose Dashboard Cradle',
    description: 'If your cradle slides or rattles on the dashboard, these three steps usually solve it.',
    category: 'Troubleshooting',
    status: 'visible',
    daysAgo: 20,
    steps: [
      {
        title: 'Clean the dashboard and the pad',
        content:
          'Wipe the dashboard with a damp cloth and rinse the non-slip pad under lukewarm water. Let both dry completely; dust is the most common reason the pad loses grip.',
      },
      {
        title: 'Adjust the side arms',
        content:
          'Loosen the arm screws, push the arms against your phone (in its case) and tighten them again. The phone should need a light push to go in.',
      },
      {
        title: 'Still loose? Contact us',
        content:
          'Send us a photo of the cradle on your dashboard. We will print a replacement pad shaped for your car at no cost.',
      },
    ],
  },
  {
    title: 'Measuring a Part for a Custom Replacement',
    description: 'How to measure a broken part so we can design a replacement without needing it in hand.',
    category: 'Design',
    status: 'hidden',
    daysAgo: 3,
    steps: [
      {
        title: 'Gather your tools',
        content: 'You need digital calipers, a ruler and a phone camera. A thread gauge helps for screws.',
      },
      {
        title: 'Measure the critical dimensions',
        content:
          'Measure every hole, shaft and mating surface twice and write the values on a sketch. Overall size matters less than where the part touches other parts.',
      },
      {
        title: 'Photograph from three sides',
        content: 'Take photos from the front, side and top with a ruler in the frame, and send them with your sketch.',
      },
    ],
  },
]

export const demoUpdates: {
  title: string
  content: string
  image: string | null
  daysAgo: number
  status: 'visible' | 'hidden'
}[] = [
  {
    title: 'New: the Rugged Tablet Case',
    content:
      'After six months of testing on building sites and in classrooms, our Rugged Tablet Case is here. It comes in Olive Drab, Safety Orange and Matte Black, with TPU corner bumpers that survived every drop test we could think of.',
    image: null,
    daysAgo: 6,
    status: 'visible',
  },
  {
    title: '3D scanning is now available',
    content:
      'Our new structured-light scanner captures objects from 2 cm to 1 m with an accuracy of 0.05 mm. Bring us a broken or discontinued part and we will scan, repair and reprint it.',
    image: null,
    daysAgo: 31,
    status: 'visible',
  },
  {
    title: 'Faster turnaround on print orders',
    content:
      'Four more printers joined the farm this month. Most standard orders now leave the workshop within 3 business days, and batches of up to 50 parts within a week.',
    image: null,
    daysAgo: 58,
    status: 'visible',
  },
  {
    title: 'Workshop closed for maintenance',
    content:
      'The workshop will be closed for two days while we recalibrate the printer farm. Orders placed in the meantime will ship right after.',
    image: null,
    daysAgo: 84,
    status: 'hidden',
  },
]

export const demoPromotion = {
  name: 'Summer Sale',
  code: 'SUMMER15',
  type: 'percentage',
  value: 15,
  status: 'active',
  appliesTo: 'all',
  durationDays: 7,
} as const

/**
 * Two more promotions that show the server's rules at work: one whose dates have passed, and one
 * that only applies to the Device Cases category ($5 off).
 */
export const extraDemoPromotions = [
  {
    name: 'Spring Sale',
    code: 'SPRING10',
    type: 'percentage',
    value: 10,
    status: 'active',
    appliesTo: 'all',
    startDaysFromToday: -60,
    endDaysFromToday: -30,
    categoryName: null,
  },
  {
    name: 'Case Week',
    code: 'CASES5',
    type: 'fixed',
    value: 500,
    status: 'active',
    appliesTo: 'categories',
    startDaysFromToday: 0,
    endDaysFromToday: 14,
    categoryName: 'Device Cases',
  },
] as const
