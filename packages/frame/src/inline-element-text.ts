/**
 * Keeps inline script text from ending its `<script>` element early (`</script`) or from switching the HTML
 * parser into its escaped script states (`<!--`). Both rewrites mean the same in JavaScript text, and the
 * tag name keeps its case: inside a string literal `</SCRIPT` must stay `</SCRIPT`.
 */
export function escapeInlineScript(source: string): string {
  return source.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** Keeps inline CSS from ending its `<style>` element early; `\/` in CSS text is the same `/`. */
export function escapeInlineStyle(source: string): string {
  return source.replace(/<\/(style)/gi, '<\\/$1');
}
