/** `drawbridge parse`: placeholder until the parser lands. */
export async function parseCommandMain(_args: string[]): Promise<number> {
  console.error('parse is not available yet');
  return 1;
}
