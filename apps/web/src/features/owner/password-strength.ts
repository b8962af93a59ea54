/** Password strength hint: 0 (too short) to 4 (strong), and its French label. */
export function passwordStrength(password: string): { score: 0 | 1 | 2 | 3 | 4; label: string } {
  if (password.length < 10) return { score: 0, label: 'Trop court : au moins 10 caractères' };
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  const unique = new Set(password).size;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (kinds >= 3 || password.length >= 16) score += 1;
  if (password.length >= 14 && kinds >= 3 && unique >= 8) score += 1;
  if (unique < 4) score = 1;
  const clamped = Math.min(score, 4) as 1 | 2 | 3 | 4;
  const labels = { 1: 'Faible', 2: 'Moyen', 3: 'Bon', 4: 'Excellent' } as const;
  return { score: clamped, label: labels[clamped] };
}
