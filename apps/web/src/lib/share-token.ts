/** A pasted share link or bare token, to the token (the server checks it). */
export function shareTokenOf(input: string): string | null {
  const text = input.trim();
  const fromLink = /\/share\/([A-Za-z0-9_-]{20,64})(?:[/?#]|$)/.exec(text);
  if (fromLink?.[1]) return fromLink[1];
  return /^[A-Za-z0-9_-]{20,64}$/.test(text) ? text : null;
}
