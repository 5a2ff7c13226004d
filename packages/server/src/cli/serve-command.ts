/** `drawbridge serve`: placeholder until the server lands. */
export async function serveCommand(_args: string[]): Promise<number> {
  console.log('nothing to serve yet');
  return 0;
}
