// Rules in words for the pages: what a ruleset adds for White with a handicap.

/** How many points of compensation the ruleset's `handicap-compensation` (n, n-1 or 0)
 * gives White for a handicap of `n`. */
export function compensationPoints(rules, n) {
  const c = rules?.['handicap-compensation'];
  if (!n || n < 2) return 0;
  return c === 'n' ? n : c === 'n-1' ? n - 1 : 0;
}

/** That compensation in a sentence, or '' without a handicap. */
export function compensationText(rules, n) {
  if (!n) return '';
  const points = compensationPoints(rules, n);
  if (!points) return 'This ruleset gives White no compensation for the handicap stones: komi is all White gets.';
  const why = rules['handicap-compensation'] === 'n' ? 'one per handicap stone' : 'one per handicap stone after the first';
  return `This ruleset also gives White ${points} point${points === 1 ? '' : 's'} of compensation (${why}), counted on top of komi.`;
}
