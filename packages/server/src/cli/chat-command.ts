/** `drawbridge chat`: placeholder until the server lands. */
export async function chatCommand(_args: string[]): Promise<number> {
  console.error('chat is not available yet');
  return 1;
}
