import { fileURLToPath } from 'node:url';

/** One handcrafted demo reply: what it is called, which words pick it, and where its text lives. */
export interface DemoEntry {
  id: string;
  title: string;
  /**
   * Distinctive lowercase words or phrases (a phrase scores one point a word); the entry with none (and no
   * `pattern`) is the fallback for prompts that match nothing.
   */
  keywords: string[];
  /** Words too general to decide alone ("3d"): half a point each, so a topic word beats them. */
  weakKeywords?: string[];
  /**
   * The exact words of an invitation one of the demo's own widgets or forms sends (a question button, a
   * form's answers): a message it matches gets this entry before any keyword counts, and its named groups
   * fill the reply's `{{name}}` placeholders, escaped.
   */
  pattern?: RegExp;
  /** The answer to a message that is mostly pasted code and asks for nothing the demo knows. */
  answersPastedCode?: boolean;
  /** Absolute path of the reply: `.txt` text, or a `.jsonl` script with tool calls. */
  file: string;
  /** Tools the script calls; the entry is eligible only when the run offers every one of them. */
  requiresTools?: string[];
  /**
   * An edit reply (`@@EDIT:{{widget}}@@`): eligible only when the widget quoted last in the conversation
   * contains this text, so its hunks match; `{{widget}}` becomes that widget's id and `{{lastCssLine}}` the
   * last line of its CSS (fill-demo-reply.ts).
   */
  edits?: string;
}

const replyFile = (name: string): string => fileURLToPath(new URL(`./replies/${name}`, import.meta.url));

/** Every reply the offline demo model can stream, with the keywords that select it. */
export const demoCatalogue: DemoEntry[] = [
  {
    id: 'counter',
    title: 'Tally counter (edit it: "make it dark", "add a reset button")',
    keywords: ['counter', 'tally', 'clicker', 'count'],
    file: replyFile('counter.txt'),
  },
  {
    id: 'dark-theme',
    title: 'Edit any widget: make it dark',
    keywords: ['dark', 'darker', 'night', 'black'],
    file: replyFile('edits/dark-theme.txt'),
    // Every widget has a CSS part to append to: the edit fits whichever widget is on screen.
    edits: '@@CSS@@',
  },
  {
    id: 'widget-state',
    title: 'Ask what your widgets kept: "how many did I count?"',
    keywords: ['how many did i count', 'what did i count', 'what have i counted', 'what did my widgets keep'],
    file: replyFile('widget-state.txt'),
  },
  {
    id: 'counter-reset',
    title: 'Edit the counter: add a reset button',
    keywords: ['reset', 'zero', 'clear'],
    file: replyFile('edits/counter-reset.txt'),
    edits: 'data-demo="counter"',
  },
  {
    id: 'counter-bigger',
    title: 'Edit the counter: a bigger number',
    keywords: ['bigger', 'larger', 'huge', 'enlarge'],
    file: replyFile('edits/counter-bigger.txt'),
    edits: 'data-demo="counter"',
  },
  {
    id: 'dice-roller',
    title: 'Dice roller (with a deliberate bug for "Fix it")',
    keywords: ['dice', 'die', 'roll', 'roller'],
    file: replyFile('dice-roller.txt'),
  },
  {
    id: 'dice-roller-fix',
    title: 'Repair the dice roller (answers "Fix it")',
    keywords: ['fix', 'repair', 'broken', 'bug'],
    file: replyFile('edits/dice-roller-fix.txt'),
    edits: 'data-demo="dice"',
  },
  {
    id: 'counter-title',
    title: 'Edit the counter: rename it',
    keywords: ['rename', 'laps', 'heading', 'title'],
    file: replyFile('edits/counter-title.txt'),
    edits: 'data-demo="counter"',
  },
  {
    id: 'solar-system',
    title: 'Solar system (3D)',
    keywords: ['solar', 'planet', 'orbit', 'space', 'sun', 'orrery'],
    weakKeywords: ['3d'],
    file: replyFile('solar-system.txt'),
  },
  {
    id: 'saturn-rings',
    title: "Saturn's rings (the orrery's question)",
    keywords: ['saturn', 'ring'],
    file: replyFile('saturn-rings.txt'),
  },
  {
    id: 'caffeine-molecule',
    title: 'Caffeine molecule (3D)',
    keywords: ['molecule', 'caffeine', 'atom', 'chemistry', 'coffee'],
    weakKeywords: ['3d'],
    file: replyFile('caffeine-molecule.txt'),
  },
  {
    id: 'theobromine',
    title: "Caffeine and theobromine (the molecule's question)",
    keywords: ['theobromine', 'chocolate', 'cocoa'],
    file: replyFile('theobromine.txt'),
  },
  {
    id: 'dna-helix',
    title: 'DNA double helix (3D)',
    keywords: ['dna', 'helix', 'genome', 'gene', 'genetic', 'biology'],
    weakKeywords: ['3d'],
    file: replyFile('dna-helix.txt'),
  },
  {
    id: 'dna-replication',
    title: "How DNA replication works (the helix's question)",
    keywords: ['replication', 'replicate', 'dna replication', 'polymerase', 'okazaki'],
    file: replyFile('dna-replication.txt'),
  },
  {
    id: 'revenue-chart',
    title: 'Monthly revenue area chart',
    keywords: ['revenue', 'monthly', 'chart', 'graph', 'line', 'trend', 'income'],
    file: replyFile('revenue-chart.txt'),
  },
  {
    id: 'render-chart-revenue-by-product',
    title: 'Revenue by product line (render_chart; the revenue chart invites it)',
    keywords: ['product line', 'by product', 'product'],
    file: replyFile('render-chart-revenue-by-product.jsonl'),
    requiresTools: ['render_chart'],
  },
  {
    id: 'bar-chart',
    title: 'Sales by region bar chart',
    keywords: ['bar', 'region', 'by region', 'sales', 'quarter', 'quarterly'],
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
    id: 'trip-itinerary',
    title: 'A day-by-day itinerary (answers the trip planner\'s "Plan this trip")',
    keywords: [],
    // The request the trip planner's "Plan this trip" button sends (trip-planner-form.txt).
    pattern:
      /^Plan an? (?<nights>\d{1,2})-night trip to (?<destination>.{1,120}?) from (?<start>\d{4}-\d{2}-\d{2}) for (?<travellers>[^,\n]{1,40}), (?<budget>[a-z]{1,20}) budget, interested in (?<interests>[^.\n]{1,200})\./,
    file: replyFile('trip-itinerary.txt'),
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
    id: 'tic-tac-toe',
    title: 'Tic-tac-toe game',
    keywords: ['game', 'tic-tac-toe', 'tictactoe', 'noughts', 'crosses'],
    file: replyFile('tic-tac-toe.txt'),
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
    id: 'render-table-languages',
    title: 'Programming languages (render_table)',
    keywords: ['programming', 'language', 'rows'],
    file: replyFile('render-table-languages.jsonl'),
    requiresTools: ['render_table'],
  },
  {
    id: 'render-chart-channels-pie',
    title: 'Visitors by channel as a pie (render_chart)',
    keywords: ['pie', 'as a pie', 'pie chart', 'donut', 'breakdown', 'proportion'],
    file: replyFile('render-chart-channels-pie.jsonl'),
    requiresTools: ['render_chart'],
  },
  {
    id: 'render-chart-visitors',
    title: 'Weekly visitors (render_chart)',
    keywords: ['visitor', 'traffic', 'channel'],
    file: replyFile('render-chart-visitors.jsonl'),
    requiresTools: ['render_chart'],
  },
  {
    id: 'render-form-feedback',
    title: 'Feedback survey (render_form)',
    keywords: ['feedback', 'survey', 'questionnaire', 'question'],
    file: replyFile('render-form-feedback.jsonl'),
    requiresTools: ['render_form'],
  },
  {
    id: 'feedback-thanks',
    title: "Thanks for the feedback (answers the survey's form)",
    keywords: [],
    // The user message the feedback form's answers become (render-form-feedback.jsonl, in its field order).
    pattern:
      /^Here are my answers:\n- Your name: (?<name>[^\n]{1,80})\n- Your role: (?<role>[^\n]{1,40})\n- How likely are you to recommend us\? \(0–10\): (?<score>[^\n]{1,12})\n/,
    file: replyFile('feedback-thanks.txt'),
  },
  {
    id: 'a2ui-booking-form',
    title: 'Table booking form (A2UI surface)',
    keywords: ['book a table', 'booking', 'reservation', 'reserve', 'restaurant'],
    file: replyFile('a2ui-booking-form.jsonl'),
    requiresTools: ['send_a2ui_json_to_client'],
  },
  {
    id: 'a2ui-booking-confirmed',
    title: 'Booking confirmed (answers the booking form\'s "Book the table")',
    keywords: [],
    // The user action the booking surface's button sends (a2ui-booking-form.jsonl), as the sentence it becomes.
    pattern:
      /^User performed action "book_table" on surface "demo-booking" \(component: book\)\. Context: \{"date":"(?<date>[0-9-]{10})","time":"(?<time>[0-9:]{5})","guests":(?<guests>\d{1,2}),"seating":\[[^\]]{0,80}\],"name":"(?<name>[^"\\]{1,80})"\}$/,
    file: replyFile('a2ui-booking-confirmed.txt'),
  },
  {
    id: 'a2ui-product-comparison',
    title: 'Product comparison (A2UI surface)',
    keywords: ['compare', 'comparison', 'product comparison', 'versus', 'headphones'],
    file: replyFile('a2ui-product-comparison.jsonl'),
    requiresTools: ['send_a2ui_json_to_client'],
  },
  {
    id: 'a2ui-product-chosen',
    title: 'A pick from the comparison (answers "Choose this pair")',
    keywords: [],
    pattern:
      /^User performed action "choose_product" on surface "demo-comparison" \(component: choose\)\. Context: \{"pick":\["(?<pick>[a-z]{1,20})"\]\}$/,
    file: replyFile('a2ui-product-chosen.txt'),
  },
  {
    id: 'a2ui-settings-panel',
    title: 'Settings panel with tabs (A2UI surface)',
    keywords: ['settings', 'preferences', 'settings panel', 'notifications'],
    file: replyFile('a2ui-settings-panel.jsonl'),
    requiresTools: ['send_a2ui_json_to_client'],
  },
  {
    id: 'a2ui-settings-saved',
    title: 'Settings saved (answers the settings panel\'s "Save settings")',
    keywords: [],
    pattern:
      /^User performed action "save_settings" on surface "demo-settings" \(component: save\)\. Context: \{"notifications":\{"email":(?<email>true|false),"push":(?<push>true|false),"digest":\[(?:"(?<digest>[a-z]{1,10})")?\]\},"appearance":\{"theme":\[(?:"(?<theme>[a-z]{1,10})")?\],"textSize":(?<textSize>\d{1,3})\},"privacy":\{"telemetry":(?<telemetry>true|false),"retentionDays":"?(?<retention>\d{1,4})"?\}\}$/,
    file: replyFile('a2ui-settings-saved.txt'),
  },
  {
    id: 'render-image-lighthouse',
    title: 'Lighthouse photo (render_image)',
    keywords: ['image', 'photo', 'picture', 'lighthouse'],
    file: replyFile('render-image-lighthouse.jsonl'),
    requiresTools: ['render_image'],
  },
  {
    // The weather card the examples register as their own render tool (examples/*/: `render_weather`): offered
    // only there, so the app never picks it.
    id: 'render-weather-paris',
    title: "Weather in Paris (the examples' own render_weather)",
    keywords: ['weather', 'forecast'],
    file: replyFile('render-weather-paris.jsonl'),
    requiresTools: ['render_weather'],
  },
  {
    id: 'dashboard-last-7-days',
    title: 'Dashboard: show the last 7 days',
    keywords: ['7 days', 'last week', 'seven days', 'week'],
    file: replyFile('dashboard-last-7-days.jsonl'),
    requiresTools: ['dashboard_control'],
  },
  {
    id: 'dashboard-go-to-widgets',
    title: 'Dashboard: go to widgets',
    keywords: ['go to widgets', 'widgets page', 'widget page'],
    file: replyFile('dashboard-go-to-widgets.jsonl'),
    requiresTools: ['dashboard_control'],
  },
  {
    id: 'dashboard-go-to-tools',
    title: 'Dashboard: go to tools',
    keywords: ['go to tools', 'tools page', 'tool calls', 'audit'],
    file: replyFile('dashboard-go-to-tools.jsonl'),
    requiresTools: ['dashboard_control'],
  },
  {
    id: 'dashboard-chart-tokens',
    title: 'Dashboard: chart the token usage',
    keywords: ['token', 'usage'],
    file: replyFile('dashboard-chart-tokens.jsonl'),
    requiresTools: ['list_metrics', 'render_chart'],
  },
  {
    id: 'dashboard-unknown-metric',
    title: 'Dashboard: a metric that does not exist',
    keywords: ['happiness', 'satisfaction', 'mood'],
    file: replyFile('dashboard-unknown-metric.jsonl'),
    requiresTools: ['render_chart', 'dashboard_control'],
  },
  {
    id: 'dashboard-read-view',
    title: 'Dashboard: what am I looking at?',
    keywords: ['looking at', 'current view', 'showing'],
    file: replyFile('dashboard-read-view.jsonl'),
    requiresTools: ['dashboard_control'],
  },
  {
    id: 'dashboard-refresh',
    title: 'Dashboard: refresh',
    keywords: ['refresh', 'reload', 'latest'],
    file: replyFile('dashboard-refresh.jsonl'),
    requiresTools: ['dashboard_control'],
  },
  {
    id: 'dashboard-fallback',
    title: 'About the dashboard assistant',
    keywords: [],
    file: replyFile('dashboard-fallback.txt'),
    requiresTools: ['dashboard_control', 'list_metrics'],
  },
  {
    id: 'pasted-code',
    title: 'About pasted code',
    keywords: [],
    answersPastedCode: true,
    file: replyFile('pasted-code.txt'),
  },
  {
    id: 'fallback',
    title: 'About the demo model',
    keywords: [],
    file: replyFile('fallback.txt'),
  },
];
