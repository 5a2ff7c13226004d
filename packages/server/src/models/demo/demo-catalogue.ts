import { fileURLToPath } from 'node:url';

/** One handcrafted demo reply: what it is called, which words pick it, and where its text lives. */
export interface DemoEntry {
  id: string;
  title: string;
  /** Distinctive lowercase words; the entry with none is the fallback for prompts that match nothing. */
  keywords: string[];
  /** Absolute path of the reply text (prose, optionally one widget block). */
  file: string;
}

const replyFile = (name: string): string => fileURLToPath(new URL(`./replies/${name}`, import.meta.url));

/** Every reply the offline demo model can stream, with the keywords that select it. */
export const demoCatalogue: DemoEntry[] = [
  {
    id: 'solar-system',
    title: 'Solar system (3D)',
    keywords: ['solar', 'planet', 'orbit', 'space', 'sun', 'orrery', '3d'],
    file: replyFile('solar-system.txt'),
  },
  {
    id: 'caffeine-molecule',
    title: 'Caffeine molecule (3D)',
    keywords: ['molecule', 'caffeine', 'atom', 'chemistry', 'coffee'],
    file: replyFile('caffeine-molecule.txt'),
  },
  {
    id: 'dna-helix',
    title: 'DNA double helix (3D)',
    keywords: ['dna', 'helix', 'genome', 'gene', 'genetic', 'biology'],
    file: replyFile('dna-helix.txt'),
  },
  {
    id: 'revenue-chart',
    title: 'Monthly revenue area chart',
    keywords: ['revenue', 'monthly', 'chart', 'graph', 'line', 'trend', 'income'],
    file: replyFile('revenue-chart.txt'),
  },
  {
    id: 'bar-chart',
    title: 'Sales by region bar chart',
    keywords: ['bar', 'region', 'sales', 'quarter', 'quarterly'],
    file: replyFile('bar-chart.txt'),
  },
  {
    id: 'request-flow-diagram',
    title: 'How a request flows (diagram)',
    keywords: ['request', 'flow', 'architecture', 'diagram', 'backend', 'database', 'cdn'],
    file: replyFile('request-flow-diagram.txt'),
  },
  {
    id: 'calculator',
    title: 'Calculator',
    keywords: ['calculator', 'calculate', 'arithmetic', 'math', 'maths', 'sum'],
    file: replyFile('calculator.txt'),
  },
  {
    id: 'trip-planner-form',
    title: 'Trip planner form',
    keywords: ['trip', 'travel', 'vacation', 'holiday', 'itinerary', 'form', 'plan'],
    file: replyFile('trip-planner-form.txt'),
  },
  {
    id: 'elements-table',
    title: 'Sortable table of elements',
    keywords: ['table', 'sortable', 'elements', 'periodic', 'filter', 'spreadsheet'],
    file: replyFile('elements-table.txt'),
  },
  {
    id: 'pomodoro-timer',
    title: 'Pomodoro timer',
    keywords: ['pomodoro', 'timer', 'focus', 'countdown', 'productivity'],
    file: replyFile('pomodoro-timer.txt'),
  },
  {
    id: 'unit-converter',
    title: 'Unit converter',
    keywords: [
      'convert',
      'converter',
      'conversion',
      'unit',
      'celsius',
      'fahrenheit',
      'mile',
      'kilometre',
      'kilometer',
      'pound',
    ],
    file: replyFile('unit-converter.txt'),
  },
  {
    id: 'capabilities',
    title: 'What can you do?',
    keywords: ['can you do', 'capabilities', 'feature', 'abilities', 'example', 'help'],
    file: replyFile('capabilities.txt'),
  },
  {
    id: 'sandbox-safety',
    title: 'How the sandbox keeps you safe',
    keywords: ['sandbox', 'safe', 'safety', 'security', 'secure', 'iframe', 'privacy'],
    file: replyFile('sandbox-safety.txt'),
  },
  {
    id: 'how-widgets-stream',
    title: 'How widgets stream',
    keywords: ['stream', 'streaming', 'marker', 'format', 'widget'],
    file: replyFile('how-widgets-stream.txt'),
  },
  {
    id: 'fallback',
    title: 'About the demo model',
    keywords: [],
    file: replyFile('fallback.txt'),
  },
];
