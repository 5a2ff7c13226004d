import { threadTitleFromText } from './thread-title.ts';

/** A title shorter than this takes the next sentence too ("Hi! Draw me a chart." is not titled "Hi!"). */
const shortestSentenceTitle = 20;

const fencedCodePattern = /```[^\n]*\n?([\s\S]*?)(?:```|$)/g;
const sentenceEndPattern = /[.!?…](?=\s|$)|\n/g;

/** Markdown a person types for emphasis or structure, which a title shows as plain words. */
function plainWords(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)/, ''))
    .join('\n')
    .replace(/[*_`~]+/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}

/** The first sentences of `text`, as many as make a title of a readable length. */
function leadingSentences(text: string): string {
  const trimmed = text.trim();
  for (const match of trimmed.matchAll(sentenceEndPattern)) {
    const end = match.index + match[0].length;
    const candidate = trimmed.slice(0, end).trim();
    if (candidate.replace(/\s+/g, ' ').length >= shortestSentenceTitle) return candidate;
  }
  return trimmed;
}

/**
 * The automatic title of a chat, from its first user message: its first sentence (or two, when the first is a
 * greeting), without markdown, code blocks or a closing full stop, at most ~60 characters. A
 * message that is only code is titled by its first line of code.
 */
export function threadTitleFromMessage(message: string): string {
  const withoutCode = message.replace(fencedCodePattern, ' ');
  const firstCodeLine = [...message.matchAll(fencedCodePattern)]
    .flatMap((match) => (match[1] ?? '').split('\n'))
    .find((line) => line.trim() !== '');
  const source = withoutCode.trim() === '' ? (firstCodeLine ?? '') : plainWords(withoutCode);
  const sentence = leadingSentences(source).replace(/[\s.,;:]+$/u, '');
  return threadTitleFromText(sentence);
}
