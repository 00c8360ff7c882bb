/** The demo stationery catalogue (prices in rupees here; the seed converts to paise). */

export type ArtKind =
  | 'notebook'
  | 'diary'
  | 'magazine'
  | 'paper'
  | 'ink'
  | 'pen'
  | 'pencil'
  | 'brush'
  | 'tape'
  | 'clip'
  | 'box';

export interface SeedProduct {
  slug: string;
  title: string;
  description: string;
  category: string;
  parentCategory: string | null;
  price: number;
  discounted: number | null;
  art: ArtKind;
  /** two colours for the drawing: main and accent */
  palette: [string, string];
  attributes: { key: string; value: string[]; metricUnit?: string }[];
  /** HSN code printed on the tax invoice */
  hsnCode: string;
  /** GST rate in basis points (1800 = 18%), the rate since 22 September 2025 */
  gstRateBp: number;
  /** grams per unit as packed: what a store that charges by weight counts (delivery-charges.md) */
  weightGrams: number;
}

const PAPER = 'Paper Goods';
const WRITING = 'Writing Instruments';
const DESK = 'Desk & Craft';

type Row = [
  slug: string,
  title: string,
  description: string,
  price: number,
  discounted: number | null,
  art: ArtKind,
  palette: [string, string],
  attributes: SeedProduct['attributes'],
];

const featured = { key: 'featured', value: ['true'] };
const size = (...value: string[]) => ({ key: 'Size', value });
const colour = (...value: string[]) => ({ key: 'Colours', value });
const pages = (n: number) => ({ key: 'Pages', value: [String(n)], metricUnit: 'pages' });
const gsm = (n: number) => ({ key: 'Paper Weight', value: [String(n)], metricUnit: 'GSM' });
const ruling = (...value: string[]) => ({ key: 'Ruling', value });
const brand = (name: string) => ({ key: 'Brand', value: [name] });
const volume = (ml: number) => ({ key: 'Volume', value: [String(ml)], metricUnit: 'ml' });

const groups: { category: string; parent: string | null; rows: Row[] }[] = [
  {
    category: 'Diaries & Notebooks',
    parent: PAPER,
    rows: [
      [
        'classic-hardbound-diary-2025',
        'Classic Hardbound Diary 2025',
        'A day-per-page diary with a padded leatherette cover, ribbon marker and Indian public holidays marked. Printed on smooth 70 GSM cream paper.',
        549,
        449,
        'diary',
        ['#7a2e2e', '#d9b26f'],
        [
          size('A5'),
          colour('Maroon', 'Navy Blue', 'Black'),
          pages(380),
          gsm(70),
          brand('Lekhan'),
          featured,
        ],
      ],
      [
        'spiral-ruled-notebook-a4',
        'Spiral Ruled Notebook',
        'Double-wire spiral notebook with single-line ruling and a perforated edge, made for college lectures and office notes.',
        185,
        null,
        'notebook',
        ['#1f5f8b', '#f2c14e'],
        [size('A4', 'A5', 'B5'), ruling('Single Line'), pages(200), gsm(70)],
      ],
      [
        'kraft-pocket-journal-set',
        'Kraft Pocket Journal (Set of 3)',
        'Three slim kraft-cover journals with dotted pages, stitched binding and rounded corners. Fits a shirt pocket.',
        299,
        249,
        'notebook',
        ['#b08556', '#3d3d3d'],
        [size('One Size'), ruling('Dotted'), pages(64), featured],
      ],
      [
        'leather-refillable-journal',
        'Handcrafted Leather Refillable Journal',
        'Buffalo leather cover made by artisans in Jaipur with a wrap-around cord and a refillable handmade-paper insert.',
        1299,
        999,
        'diary',
        ['#6b4226', '#e8d5b0'],
        [size('A5', 'B5'), colour('Tan'), pages(240), gsm(100), featured],
      ],
      [
        'long-notebook-pack-6',
        'Long Notebook (Pack of 6)',
        'School long books with sturdy covers and four-line ruling, the classic Indian exam-season companion.',
        360,
        330,
        'notebook',
        ['#2e7d32', '#ffffff'],
        [ruling('Four Line'), pages(172), gsm(58)],
      ],
      [
        'executive-planner-undated',
        'Executive Undated Planner',
        'Undated weekly planner with monthly overviews, goal pages and a pen loop. Start it any week of the year.',
        699,
        null,
        'diary',
        ['#263238', '#c0a062'],
        [size('B5'), colour('Black'), pages(192), gsm(80)],
      ],
      [
        'grid-engineering-notebook',
        'Engineering Grid Notebook',
        '5 mm square-grid notebook for drawings, graphs and circuit sketches, with a numbered page header.',
        220,
        null,
        'notebook',
        ['#455a64', '#80cbc4'],
        [size('A4'), ruling('Square Grid 5 mm'), pages(160), gsm(75)],
      ],
      [
        'floral-softcover-diary',
        'Madhubani Floral Softcover Diary',
        'Softcover diary printed with Madhubani-style floral art, plain pages for sketches and notes.',
        275,
        225,
        'diary',
        ['#c2185b', '#ffd54f'],
        [size('A5'), ruling('Plain'), pages(160)],
      ],
      [
        'mini-memo-notebook-10',
        'Mini Memo Notebook (Pack of 10)',
        'Palm-sized memo pads for shopping lists and phone messages.',
        150,
        null,
        'notebook',
        ['#ff7043', '#fff3e0'],
        [size('One Size'), pages(48)],
      ],
    ],
  },
  {
    category: 'Pens & Writing',
    parent: WRITING,
    rows: [
      [
        'fountain-pen-classic-gold',
        'Classic Fountain Pen with Gold Trim',
        'Brass-body fountain pen with a medium steel nib, converter and a gift box. Writes smoothly with any bottled ink.',
        850,
        699,
        'pen',
        ['#1a237e', '#d4af37'],
        [colour('Navy Blue', 'Black', 'Burgundy'), { key: 'Nib', value: ['Medium'] }, featured],
      ],
      [
        'student-fountain-pen-pack-2',
        'Student Fountain Pen (Pack of 2)',
        'Two light fountain pens with fine steel nibs, a clear ink window and a snap cap, made for school handwriting practice. Fill from a bottle with the built-in squeeze converter.',
        250,
        null,
        'pen',
        ['#263238', '#e53935'],
        [colour('Black', 'Navy Blue', 'Red'), { key: 'Nib', value: ['Fine'] }],
      ],
      [
        'ebonite-fountain-pen-handmade',
        'Handmade Ebonite Fountain Pen',
        'Turned by hand from ebonite in Andhra Pradesh, filled eyedropper-style with a large ink reservoir. A broad steel nib that glides on rough Indian paper.',
        1850,
        1649,
        'pen',
        ['#4e1a24', '#c9a227'],
        [colour('Black', 'Burgundy', 'Green'), { key: 'Nib', value: ['Broad'] }, brand('Lekhan')],
      ],
      [
        'piston-fountain-pen-ink-window',
        'Piston Fountain Pen with Ink Window',
        'A piston filler that draws a full 1.2 ml of bottled ink, with a window to watch the level and a polished steel nib in fine or medium.',
        1150,
        999,
        'pen',
        ['#1b5e20', '#b0bec5'],
        [colour('Green', 'Navy Blue'), { key: 'Nib', value: ['Fine', 'Medium'] }],
      ],
      [
        'matte-black-fountain-pen-gift-set',
        'Matte Black Fountain Pen Gift Set',
        'A matte black metal fountain pen with a medium nib, a converter, a bottle of black ink and a magnetic gift box; ready to give.',
        2450,
        2199,
        'pen',
        ['#212121', '#9e9e9e'],
        [colour('Black'), { key: 'Nib', value: ['Medium'] }, brand('Lekhan')],
      ],
      [
        'gel-pen-pack-10',
        'Smooth Gel Pens (Pack of 10)',
        '0.5 mm gel pens with quick-drying ink and a soft rubber grip.',
        200,
        180,
        'pen',
        ['#0d47a1', '#90caf9'],
        [colour('Blue'), { key: 'Tip', value: ['0.5'], metricUnit: 'mm' }],
      ],
      [
        'ball-pen-box-20',
        'Everyday Ball Pens (Box of 20)',
        'Reliable ball pens for office and school; 1.0 mm tip, long-lasting refill.',
        120,
        null,
        'pen',
        ['#37474f', '#e0e0e0'],
        [colour('Blue', 'Black', 'Red')],
      ],
      [
        'calligraphy-pen-set',
        'Calligraphy Pen Set with 3 Nibs',
        'Beginner calligraphy set with 1.1, 1.5 and 1.9 mm italic nibs and six cartridges.',
        649,
        null,
        'pen',
        ['#4a148c', '#ce93d8'],
        [{ key: 'Nib', value: ['1.1 mm', '1.5 mm', '1.9 mm'] }],
      ],
      [
        'rollerball-pen-metal',
        'Metal Rollerball Pen',
        'Weighted rollerball pen in brushed steel; a refined everyday writer.',
        450,
        399,
        'pen',
        ['#616161', '#bdbdbd'],
        [colour('Silver')],
      ],
      [
        'pencil-hb-pack-12',
        'HB Graphite Pencils (Pack of 12)',
        'Break-resistant HB pencils with erasers, for school and drafting.',
        90,
        null,
        'pencil',
        ['#fbc02d', '#212121'],
        [{ key: 'Grade', value: ['HB'] }],
      ],
      [
        'mechanical-pencil-05',
        'Mechanical Pencil 0.5 mm',
        'Drafting mechanical pencil with a metal grip and cushioned lead.',
        175,
        150,
        'pencil',
        ['#00695c', '#b2dfdb'],
        [colour('Teal', 'Black'), { key: 'Lead', value: ['0.5'], metricUnit: 'mm' }],
      ],
      [
        'highlighter-pastel-6',
        'Pastel Highlighters (Set of 6)',
        'Soft pastel highlighters with chisel tips that do not bleed through notebook paper.',
        240,
        199,
        'pen',
        ['#f48fb1', '#fff59d'],
        [colour('Pastel Assorted'), featured],
      ],
      [
        'fineliner-set-12',
        'Fineliner Pens (Set of 12)',
        '0.4 mm fineliners in 12 colours for note-taking and bullet journals.',
        399,
        null,
        'pen',
        ['#00838f', '#ffab91'],
        [{ key: 'Tip', value: ['0.4'], metricUnit: 'mm' }],
      ],
    ],
  },
  {
    category: 'Magazines',
    parent: PAPER,
    rows: [
      [
        'stationery-monthly-issue',
        'Stationery Monthly: The Desk Issue',
        'A magazine for paper lovers: desk tours, pen reviews and journaling ideas from across India.',
        150,
        null,
        'magazine',
        ['#d84315', '#ffe0b2'],
        [pages(96), { key: 'Language', value: ['English'] }],
      ],
      [
        'calligraphy-quarterly',
        'Calligraphy Quarterly',
        'Lettering drills, Devanagari and Latin scripts, and interviews with calligraphers.',
        250,
        220,
        'magazine',
        ['#283593', '#e8eaf6'],
        [pages(120), { key: 'Language', value: ['English', 'Hindi'] }, featured],
      ],
      [
        'kids-activity-magazine',
        'Little Artists Activity Magazine',
        'Colouring pages, paper crafts and puzzles for children aged 5 to 10.',
        120,
        99,
        'magazine',
        ['#43a047', '#fff176'],
        [pages(48), { key: 'Age', value: ['5-10'], metricUnit: 'years' }],
      ],
      [
        'travel-journal-magazine',
        'Wander & Write',
        'Travel writing prompts and sketches from the Himalayas to the Konkan coast.',
        199,
        null,
        'magazine',
        ['#00796b', '#ffcc80'],
        [pages(88)],
      ],
      [
        'bullet-journal-ideas',
        'Bullet Journal Ideas Annual',
        'A year of layouts, trackers and doodles to copy into your own journal.',
        349,
        299,
        'magazine',
        ['#6a1b9a', '#f8bbd0'],
        [pages(160)],
      ],
      [
        'office-organiser-guide',
        'The Organised Office',
        'Filing systems, desk set-ups and productivity tips for small offices.',
        175,
        null,
        'magazine',
        ['#37474f', '#80deea'],
        [pages(72)],
      ],
      [
        'hindi-sahitya-patrika',
        'Sahitya Patrika (Hindi)',
        'A literary monthly with short stories, poetry and essays in Hindi.',
        60,
        null,
        'magazine',
        ['#bf360c', '#fbe9e7'],
        [pages(64), { key: 'Language', value: ['Hindi'] }],
      ],
      [
        'art-supplies-review',
        'Art Supplies Review',
        'Honest tests of paints, papers and brushes available in India.',
        225,
        180,
        'magazine',
        ['#1565c0', '#ffecb3'],
        [pages(84)],
      ],
      [
        'paper-craft-special',
        'Paper Craft Special: Festivals',
        'Diwali lanterns, rakhi cards and torans to make at home.',
        140,
        null,
        'magazine',
        ['#f57f17', '#ffebee'],
        [pages(56)],
      ],
    ],
  },
  {
    category: 'Paper',
    parent: PAPER,
    rows: [
      [
        'copier-paper-a4-500',
        'Copier Paper A4 (500 Sheets)',
        'Bright white 75 GSM copier paper for inkjet and laser printers.',
        345,
        310,
        'paper',
        ['#eceff1', '#1e88e5'],
        [size('A4'), gsm(75), { key: 'Sheets', value: ['500'] }],
      ],
      [
        'handmade-paper-sheets',
        'Handmade Cotton Rag Paper (20 Sheets)',
        'Deckle-edged handmade paper from Sanganer, made from recycled cotton rags.',
        480,
        null,
        'paper',
        ['#f3e5ab', '#8d6e63'],
        [size('A4', 'A3'), gsm(150), featured],
      ],
      [
        'coloured-craft-paper-100',
        'Coloured Craft Paper (100 Sheets)',
        'Ten bright colours for school projects, origami and card making.',
        160,
        140,
        'paper',
        ['#e53935', '#43a047'],
        [size('A4'), gsm(80)],
      ],
      [
        'watercolour-paper-pad',
        'Watercolour Paper Pad',
        'Cold-pressed 300 GSM acid-free paper that holds washes without buckling.',
        520,
        449,
        'paper',
        ['#fafafa', '#4fc3f7'],
        [size('A5', 'A4'), gsm(300), { key: 'Sheets', value: ['12'] }],
      ],
      [
        'chart-paper-pack-25',
        'Chart Paper (Pack of 25)',
        'Large white chart sheets for school projects and presentations.',
        250,
        null,
        'paper',
        ['#ffffff', '#ff7043'],
        [size('One Size'), gsm(120)],
      ],
      [
        'sticky-notes-cube',
        'Sticky Notes Cube (400 Notes)',
        'Repositionable 3 x 3 inch sticky notes in four neon colours.',
        130,
        null,
        'paper',
        ['#ffee58', '#ff4081'],
        [size('One Size'), colour('Neon Assorted')],
      ],
      [
        'tracing-paper-pad',
        'Tracing Paper Pad',
        'Translucent 90 GSM tracing paper for architects and artists.',
        199,
        175,
        'paper',
        ['#e0f7fa', '#006064'],
        [size('A4'), gsm(90)],
      ],
      [
        'kraft-wrapping-roll',
        'Kraft Wrapping Paper Roll',
        'Recyclable brown kraft paper for gifting and parcels; 10 metre roll.',
        220,
        null,
        'paper',
        ['#a1887f', '#4e342e'],
        [{ key: 'Length', value: ['10'], metricUnit: 'm' }],
      ],
      [
        'premium-envelopes-50',
        'Premium Envelopes (Pack of 50)',
        'Laid-finish white envelopes with peel-and-seal flaps.',
        180,
        160,
        'paper',
        ['#fffde7', '#5d4037'],
        [size('DL', 'C5'), gsm(100)],
      ],
    ],
  },
  {
    category: 'Ink',
    parent: WRITING,
    rows: [
      [
        'fountain-pen-ink-royal-blue',
        'Fountain Pen Ink: Royal Blue',
        'Free-flowing, washable royal blue ink in a 60 ml glass bottle.',
        180,
        null,
        'ink',
        ['#1e3a8a', '#93c5fd'],
        [colour('Royal Blue'), volume(60), featured],
      ],
      [
        'fountain-pen-ink-black',
        'Fountain Pen Ink: Jet Black',
        'Saturated black ink with good shading, safe for all fountain pens.',
        180,
        160,
        'ink',
        ['#111111', '#9e9e9e'],
        [colour('Black'), volume(60)],
      ],
      [
        'calligraphy-ink-set',
        'Calligraphy Ink Set (5 Colours)',
        'Pigmented inks for dip pens: sepia, indigo, vermilion, emerald and black.',
        599,
        520,
        'ink',
        ['#8e24aa', '#ffb300'],
        [volume(30)],
      ],
      [
        'ink-cartridges-pack-20',
        'Universal Ink Cartridges (Pack of 20)',
        'Short international cartridges that fit most fountain pens.',
        150,
        null,
        'ink',
        ['#1565c0', '#cfd8dc'],
        [colour('Blue', 'Black'), size('One Size')],
      ],
      [
        'indian-ink-drawing',
        'Indian Ink for Drawing',
        'Waterproof carbon black ink for technical drawing and brush work.',
        120,
        null,
        'ink',
        ['#000000', '#ef5350'],
        [colour('Black'), volume(30)],
      ],
      [
        'stamp-pad-ink-violet',
        'Stamp Pad Ink: Violet',
        'Refill ink for office stamp pads, the familiar violet of Indian offices.',
        45,
        null,
        'ink',
        ['#5e35b1', '#d1c4e9'],
        [colour('Violet'), volume(30)],
      ],
      [
        'shimmer-ink-gold',
        'Shimmer Ink: Diwali Gold',
        'A festive shimmering gold ink for cards and invitations.',
        320,
        280,
        'ink',
        ['#b8860b', '#fff8e1'],
        [colour('Gold'), volume(30)],
      ],
      [
        'ink-converter-piston',
        'Piston Ink Converter',
        'Screw-in piston converter to fill cartridge pens from a bottle.',
        95,
        null,
        'ink',
        ['#546e7a', '#eceff1'],
        [size('One Size')],
      ],
      [
        'refill-gel-pack-10',
        'Gel Pen Refills (Pack of 10)',
        'Replacement 0.5 mm gel refills in blue.',
        80,
        70,
        'ink',
        ['#0277bd', '#b3e5fc'],
        [colour('Blue')],
      ],
    ],
  },
  {
    category: 'Art Supplies',
    parent: DESK,
    rows: [
      [
        'watercolour-cake-set-24',
        'Watercolour Cakes (Set of 24)',
        'Vivid student-grade watercolour cakes with a brush, in a flip-top tin.',
        450,
        399,
        'box',
        ['#e91e63', '#03a9f4'],
        [{ key: 'Shades', value: ['24'] }, featured],
      ],
      [
        'oil-pastels-50',
        'Oil Pastels (Box of 50)',
        'Creamy, blendable oil pastels for school art and illustration.',
        299,
        null,
        'box',
        ['#ff9800', '#8bc34a'],
        [{ key: 'Shades', value: ['50'] }],
      ],
      [
        'round-brush-set-6',
        'Round Brush Set (6 Brushes)',
        'Synthetic round brushes, sizes 0 to 10, with wooden handles.',
        260,
        220,
        'brush',
        ['#795548', '#ffca28'],
        [size('0', '2', '4', '6', '8', '10')],
      ],
      [
        'sketch-pencils-12',
        'Sketching Pencils 6B to 2H (Set of 12)',
        'Graded pencils for shading and sketching, in a tin.',
        240,
        null,
        'pencil',
        ['#455a64', '#cfd8dc'],
        [{ key: 'Grade', value: ['2H', 'HB', '2B', '4B', '6B'] }],
      ],
      [
        'acrylic-paint-set-12',
        'Acrylic Paints (12 x 12 ml)',
        'Fast-drying acrylics for canvas, wood and fabric.',
        350,
        310,
        'box',
        ['#d32f2f', '#1976d2'],
        [volume(12)],
      ],
      [
        'sketchbook-a5-spiral',
        'Spiral Sketchbook',
        'Sketchbook with 140 GSM cartridge paper for dry and light wet media.',
        280,
        null,
        'notebook',
        ['#212121', '#ff8a65'],
        [size('A5', 'A4'), gsm(140), pages(100)],
      ],
      [
        'clay-modelling-kit',
        'Modelling Clay Kit',
        'Twelve colours of non-toxic modelling clay with shaping tools.',
        199,
        175,
        'box',
        ['#7cb342', '#f06292'],
        [size('One Size')],
      ],
      [
        'crayons-jumbo-24',
        'Jumbo Wax Crayons (24)',
        'Thick crayons for small hands, bright and non-toxic.',
        110,
        null,
        'pencil',
        ['#fdd835', '#e53935'],
        [],
      ],
      [
        'canvas-board-pack-3',
        'Canvas Boards (Pack of 3)',
        'Primed cotton canvas on board for acrylic and oil painting.',
        330,
        290,
        'paper',
        ['#f5f5f5', '#8d6e63'],
        [size('8x10 in', '10x12 in')],
      ],
    ],
  },
  {
    category: 'Accessories',
    parent: DESK,
    rows: [
      [
        'brass-paper-clips-100',
        'Brass Paper Clips (Box of 100)',
        'Rust-free gold-tone paper clips in a magnetic tin.',
        95,
        null,
        'clip',
        ['#c9a227', '#fff8e1'],
        [size('One Size'), colour('Gold')],
      ],
      [
        'washi-tape-set-8',
        'Washi Tape Set (8 Rolls)',
        'Decorative paper tapes with block-print patterns for journals and gifts.',
        260,
        199,
        'tape',
        ['#26a69a', '#ef5350'],
        [colour('Assorted'), featured],
      ],
      [
        'desk-organiser-wood',
        'Sheesham Wood Desk Organiser',
        'Hand-finished sheesham organiser with pen slots and a phone stand.',
        899,
        749,
        'box',
        ['#6d4c41', '#d7ccc8'],
        [size('One Size'), colour('Walnut')],
      ],
      [
        'stapler-with-pins',
        'Stapler with 1000 Pins',
        'Full-strip stapler for up to 20 sheets, with a box of No. 10 pins.',
        160,
        null,
        'clip',
        ['#c62828', '#eeeeee'],
        [colour('Red')],
      ],
      [
        'scissors-stainless',
        'Stainless Steel Scissors',
        'Sharp 7-inch scissors with soft-grip handles.',
        140,
        120,
        'clip',
        ['#1565c0', '#b0bec5'],
        [{ key: 'Length', value: ['7'], metricUnit: 'in' }],
      ],
      [
        'geometry-box',
        'Geometry Box',
        'Compass, divider, protractor, set squares and scale in a metal case.',
        150,
        null,
        'box',
        ['#283593', '#ffd54f'],
        [size('One Size')],
      ],
      [
        'bookmark-brass-peacock',
        'Brass Peacock Bookmark',
        'Etched brass bookmark with a peacock motif and silk tassel.',
        199,
        null,
        'clip',
        ['#00897b', '#d4af37'],
        [colour('Gold')],
      ],
      [
        'pencil-pouch-canvas',
        'Canvas Pencil Pouch',
        'Zippered cotton canvas pouch with a block-printed design.',
        220,
        180,
        'box',
        ['#5c6bc0', '#ffcc80'],
        [colour('Indigo', 'Mustard'), { key: 'Material', value: ['Cotton Canvas'] }],
      ],
      [
        'eraser-sharpener-combo',
        'Eraser and Sharpener Combo (Pack of 10)',
        'Dust-free erasers with matching sharpeners for school bags.',
        70,
        null,
        'box',
        ['#8e24aa', '#e1bee7'],
        [],
      ],
      [
        'document-folder-set',
        'Button Document Folders (Set of 5)',
        'Translucent A4 folders with press-button closure, in five colours.',
        175,
        150,
        'box',
        ['#00acc1', '#ffee58'],
        [size('A4'), colour('Assorted')],
      ],
    ],
  },
];

const NIL = 0;
const FIVE = 500;
const STANDARD = 1800;

/**
 * HSN code and GST rate of every demo product, as in force since 22 September 2025 (56th GST
 * Council; the table and its sources are in docs/decisions/gst-invoices.md, "Rates"). Kept per
 * slug rather than per category because one category mixes rates: notebooks are nil-rated, diaries
 * 18%; pencils nil, pens 18%.
 */
const seedGst: Record<string, [hsnCode: string, rateBp: number]> = {
  // Diaries & Notebooks: notebooks and exercise books nil; diaries, planners, memo pads 18%
  'classic-hardbound-diary-2025': ['4820', STANDARD],
  'spiral-ruled-notebook-a4': ['4820', NIL],
  'kraft-pocket-journal-set': ['4820', NIL],
  'leather-refillable-journal': ['4820', STANDARD],
  'long-notebook-pack-6': ['4820', NIL],
  'executive-planner-undated': ['4820', STANDARD],
  'grid-engineering-notebook': ['4820', NIL],
  'floral-softcover-diary': ['4820', STANDARD],
  'mini-memo-notebook-10': ['4820', STANDARD],
  // Pens & Writing: pens 18%; pencils, mechanical ones included, nil
  'fountain-pen-classic-gold': ['9608', STANDARD],
  'student-fountain-pen-pack-2': ['9608', STANDARD],
  'ebonite-fountain-pen-handmade': ['9608', STANDARD],
  'piston-fountain-pen-ink-window': ['9608', STANDARD],
  'matte-black-fountain-pen-gift-set': ['9608', STANDARD],
  'gel-pen-pack-10': ['9608', STANDARD],
  'ball-pen-box-20': ['9608', STANDARD],
  'calligraphy-pen-set': ['9608', STANDARD],
  'rollerball-pen-metal': ['9608', STANDARD],
  'pencil-hb-pack-12': ['9609', NIL],
  'mechanical-pencil-05': ['9608', NIL],
  'highlighter-pastel-6': ['9608', STANDARD],
  'fineliner-set-12': ['9608', STANDARD],
  // Magazines: printed periodicals nil
  'stationery-monthly-issue': ['4902', NIL],
  'calligraphy-quarterly': ['4902', NIL],
  'kids-activity-magazine': ['4902', NIL],
  'travel-journal-magazine': ['4902', NIL],
  'bullet-journal-ideas': ['4902', NIL],
  'office-organiser-guide': ['4902', NIL],
  'hindi-sahitya-patrika': ['4902', NIL],
  'art-supplies-review': ['4902', NIL],
  'paper-craft-special': ['4902', NIL],
  // Paper: 18%
  'copier-paper-a4-500': ['4802', STANDARD],
  'handmade-paper-sheets': ['4802', STANDARD],
  'coloured-craft-paper-100': ['4802', STANDARD],
  'watercolour-paper-pad': ['4802', STANDARD],
  'chart-paper-pack-25': ['4802', STANDARD],
  'sticky-notes-cube': ['4820', STANDARD],
  'tracing-paper-pad': ['4806', STANDARD],
  'kraft-wrapping-roll': ['4804', STANDARD],
  'premium-envelopes-50': ['4817', STANDARD],
  // Ink: inks 18%; cartridges, refills and converters are pen parts (9608), 18%
  'fountain-pen-ink-royal-blue': ['3215', STANDARD],
  'fountain-pen-ink-black': ['3215', STANDARD],
  'calligraphy-ink-set': ['3215', STANDARD],
  'ink-cartridges-pack-20': ['9608', STANDARD],
  'indian-ink-drawing': ['3215', STANDARD],
  'stamp-pad-ink-violet': ['3215', STANDARD],
  'shimmer-ink-gold': ['3215', STANDARD],
  'ink-converter-piston': ['9608', STANDARD],
  'refill-gel-pack-10': ['9608', STANDARD],
  // Art Supplies: crayons, pastels and pencils nil; colours in sets, brushes 18%
  'watercolour-cake-set-24': ['3213', STANDARD],
  'oil-pastels-50': ['9609', NIL],
  'round-brush-set-6': ['9603', STANDARD],
  'sketch-pencils-12': ['9609', NIL],
  'acrylic-paint-set-12': ['3213', STANDARD],
  'sketchbook-a5-spiral': ['4820', NIL],
  'clay-modelling-kit': ['3407', STANDARD],
  'crayons-jumbo-24': ['9609', NIL],
  'canvas-board-pack-3': ['5901', STANDARD],
  // Accessories: geometry box 5%; eraser and sharpener nil; the rest 18%
  'brass-paper-clips-100': ['8305', STANDARD],
  'washi-tape-set-8': ['4811', STANDARD],
  'desk-organiser-wood': ['4421', STANDARD],
  'stapler-with-pins': ['8472', STANDARD],
  'scissors-stainless': ['8213', STANDARD],
  'geometry-box': ['7326', FIVE],
  'bookmark-brass-peacock': ['8306', STANDARD],
  'pencil-pouch-canvas': ['4202', STANDARD],
  'eraser-sharpener-combo': ['4016', NIL],
  'document-folder-set': ['3926', STANDARD],
};

/**
 * Each demo product's packed weight in grams, so a store that turns on weight rates sees them
 * (the seeded store itself charges nothing for delivery: the spec's "Free").
 */
const seedWeightGrams: Record<string, number> = {
  'classic-hardbound-diary-2025': 450,
  'spiral-ruled-notebook-a4': 380,
  'kraft-pocket-journal-set': 240,
  'leather-refillable-journal': 520,
  'long-notebook-pack-6': 1_100,
  'executive-planner-undated': 480,
  'grid-engineering-notebook': 350,
  'floral-softcover-diary': 300,
  'mini-memo-notebook-10': 420,
  'fountain-pen-classic-gold': 60,
  'student-fountain-pen-pack-2': 70,
  'ebonite-fountain-pen-handmade': 55,
  'piston-fountain-pen-ink-window': 45,
  'matte-black-fountain-pen-gift-set': 320,
  'gel-pen-pack-10': 110,
  'ball-pen-box-20': 180,
  'calligraphy-pen-set': 150,
  'rollerball-pen-metal': 40,
  'pencil-hb-pack-12': 120,
  'mechanical-pencil-05': 25,
  'highlighter-pastel-6': 110,
  'fineliner-set-12': 130,
  'stationery-monthly-issue': 180,
  'calligraphy-quarterly': 220,
  'kids-activity-magazine': 160,
  'travel-journal-magazine': 200,
  'bullet-journal-ideas': 190,
  'office-organiser-guide': 210,
  'hindi-sahitya-patrika': 170,
  'art-supplies-review': 200,
  'paper-craft-special': 230,
  'copier-paper-a4-500': 2_400,
  'handmade-paper-sheets': 350,
  'coloured-craft-paper-100': 450,
  'watercolour-paper-pad': 520,
  'chart-paper-pack-25': 900,
  'sticky-notes-cube': 260,
  'tracing-paper-pad': 280,
  'kraft-wrapping-roll': 600,
  'premium-envelopes-50': 480,
  'fountain-pen-ink-royal-blue': 140,
  'fountain-pen-ink-black': 140,
  'calligraphy-ink-set': 320,
  'ink-cartridges-pack-20': 60,
  'indian-ink-drawing': 90,
  'stamp-pad-ink-violet': 70,
  'shimmer-ink-gold': 110,
  'ink-converter-piston': 10,
  'refill-gel-pack-10': 40,
  'watercolour-cake-set-24': 210,
  'oil-pastels-50': 380,
  'round-brush-set-6': 60,
  'sketch-pencils-12': 150,
  'acrylic-paint-set-12': 420,
  'sketchbook-a5-spiral': 260,
  'clay-modelling-kit': 850,
  'crayons-jumbo-24': 360,
  'canvas-board-pack-3': 750,
  'brass-paper-clips-100': 120,
  'washi-tape-set-8': 140,
  'desk-organiser-wood': 950,
  'stapler-with-pins': 220,
  'scissors-stainless': 90,
  'geometry-box': 180,
  'bookmark-brass-peacock': 20,
  'pencil-pouch-canvas': 80,
  'eraser-sharpener-combo': 30,
  'document-folder-set': 400,
};

function weightOf(slug: string): number {
  const grams = seedWeightGrams[slug];
  if (grams === undefined)
    throw new Error(`The demo product ${slug} has no weight in seedWeightGrams`);
  return grams;
}

function gstOf(slug: string): [string, number] {
  const gst = seedGst[slug];
  if (!gst) throw new Error(`The demo product ${slug} has no HSN code and GST rate in seedGst`);
  return gst;
}

export const seedProducts: SeedProduct[] = groups.flatMap((g) =>
  g.rows.map(([slug, title, description, price, discounted, art, palette, attributes]) => {
    const [hsnCode, gstRateBp] = gstOf(slug);
    return {
      slug,
      title,
      description,
      category: g.category,
      parentCategory: g.parent,
      price,
      discounted,
      art,
      palette,
      attributes,
      hsnCode,
      gstRateBp,
      weightGrams: weightOf(slug),
    };
  }),
);

export const seedCategories = groups.map((g) => g.category);

export function categorySlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Demo stock where it is not the usual 20–200 (seed.ts derives that from the slug), so the
 * storefront shows every state: a few products low, one sold out, and on the fountain pen one
 * colour sold out and one low. A number is the stock of each variant; a record gives it per
 * variant, keyed 'size|colour' ('' where the product has no such option).
 */
export const seedStockOverrides: Record<string, number | Record<string, number>> = {
  'art-supplies-review': 0,
  'calligraphy-pen-set': 3,
  'handmade-paper-sheets': 2,
  'kids-activity-magazine': 5,
  'fountain-pen-classic-gold': { '|Navy Blue': 24, '|Black': 4, '|Burgundy': 0 },
  // the search journey's pens: one colour low, one pen sold out (filtering 'in stock' drops it)
  'ebonite-fountain-pen-handmade': { '|Black': 12, '|Burgundy': 2, '|Green': 9 },
  'matte-black-fountain-pen-gift-set': 0,
};
