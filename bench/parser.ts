// Throughput of WidgetStreamParser on a ~1 MB realistic reply: pushed whole, then one character at a time.
// Run: npx tsx bench/parser.ts
import { WidgetStreamParser } from '@drawbridge/protocol';

function buildReply(targetBytes: number): string {
  const css = [
    'table { border-collapse: collapse; width: 100%; font: 13px/1.4 system-ui, sans-serif; }',
    'th, td { padding: 4px 8px; border-bottom: 1px solid #e3e5ea; text-align: left; }',
    '@media (prefers-color-scheme: dark) { th, td { border-color: #333; } }',
  ].join('\n');
  const rows: string[] = [];
  const script = [
    "import * as THREE from 'three';",
    "const rows = [...document.querySelectorAll('tr[data-id]')];",
    "rows.forEach((row) => row.addEventListener('click', () => row.classList.toggle('picked')));",
    "const label = rows.length + ' rows @@ ' + new Date().toISOString();",
  ].join('\n');
  let size = css.length + script.length;
  for (let row = 0; size < targetBytes; row += 1) {
    const line = `  <tr data-id="${row}"><td>Order #${row}</td><td>customer${row % 97}@example.com</td><td>${(row * 7.31).toFixed(2)} €</td><td><span class="status">shipped</span></td></tr>`;
    rows.push(line);
    size += line.length + 1;
  }
  return [
    'Here are the orders of the last quarter as a sortable table; click a row to pick it.',
    '@@HEIGHT:640@@',
    '@@CSS@@',
    css,
    '@@HTML@@',
    '<table>',
    ...rows,
    '</table>',
    '@@JS@@',
    script,
    '@@END@@',
    'Ask me to filter or chart them.',
  ].join('\n');
}

function parseWhole(reply: string): number {
  const parser = new WidgetStreamParser();
  return parser.push(reply).length + parser.end().length;
}

function parseInPiecesOf(pieceLength: number): (reply: string) => number {
  return (reply) => {
    const parser = new WidgetStreamParser();
    let count = 0;
    for (let index = 0; index < reply.length; index += pieceLength) {
      count += parser.push(
        pieceLength === 1 ? reply[index]! : reply.slice(index, index + pieceLength),
      ).length;
    }
    return count + parser.end().length;
  };
}

// The worst case for the hold-back logic: every line could start a fence and every few characters an `@@`.
function buildAdversarialReply(targetBytes: number): string {
  const line = '  ``@@H @@CSS x@@ `` ```js\n';
  return `@@HTML@@\n${line.repeat(Math.ceil(targetBytes / line.length))}@@END@@`;
}

/** CPU seconds of this process (all its threads, so garbage collection counts), not wall time. */
function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1_000_000;
}

// CPU time rather than wall time: the bench often shares a small machine with test runs, and wall time then
// measures the neighbours. Both are printed; the ratio uses CPU time.
function medianMegabytesPerSecond(reply: string, parse: (reply: string) => number, runs: number): number {
  const megabytes = new TextEncoder().encode(reply).length / 1_000_000;
  for (let warmUp = 0; warmUp < 3; warmUp += 1) parse(reply);
  const rates: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = cpuSeconds();
    parse(reply);
    rates.push(megabytes / Math.max(cpuSeconds() - started, 1e-6));
  }
  rates.sort((left, right) => left - right);
  return rates[Math.floor(rates.length / 2)]!;
}

function megabytesOf(text: string): string {
  return (new TextEncoder().encode(text).length / 1_000_000).toFixed(2);
}

const reply = buildReply(1_000_000);
const whole = medianMegabytesPerSecond(reply, parseWhole, 15);
const characterByCharacter = medianMegabytesPerSecond(reply, parseInPiecesOf(1), 7);
const tokenSized = medianMegabytesPerSecond(reply, parseInPiecesOf(4), 7);
const largerReply = buildReply(4_000_000);
const largerCharacterByCharacter = medianMegabytesPerSecond(largerReply, parseInPiecesOf(1), 3);
const adversarial = buildAdversarialReply(1_000_000);
const adversarialWhole = medianMegabytesPerSecond(adversarial, parseWhole, 7);
const adversarialCharacterByCharacter = medianMegabytesPerSecond(adversarial, parseInPiecesOf(1), 3);

console.log(`reply: ${megabytesOf(reply)} MB (${reply.length} UTF-16 units); MB/s of CPU time, median`);
console.log(`(a) pushed whole:                     ${whole.toFixed(1)} MB/s`);
console.log(`(b) one character per push:           ${characterByCharacter.toFixed(1)} MB/s`);
console.log(`b/a (time of b over time of a):       ${(whole / characterByCharacter).toFixed(1)}x`);
console.log(`(c) 4 characters per push:            ${tokenSized.toFixed(1)} MB/s`);
console.log(
  `(b) on a ${megabytesOf(largerReply)} MB reply (linearity):  ${largerCharacterByCharacter.toFixed(1)} MB/s`,
);
console.log(
  `adversarial ${megabytesOf(adversarial)} MB, whole / per character: ${adversarialWhole.toFixed(1)} / ${adversarialCharacterByCharacter.toFixed(1)} MB/s`,
);
