/**
 * chrF (Popović 2015), the character n-gram F-score machine translation is commonly judged by:
 * n-grams of 1 to 6 characters with whitespace removed, precision and recall averaged over n,
 * and recall weighted twice (beta = 2). Corpus level: the n-gram counts of all sentences summed
 * before the score is taken, as sacreBLEU does. 0 to 100.
 */
export function chrF(hypotheses: readonly string[], references: readonly string[], maxN = 6, beta = 2): number {
  if (hypotheses.length !== references.length) throw new Error('one reference per hypothesis');
  const matches = new Array<number>(maxN).fill(0);
  const hypTotal = new Array<number>(maxN).fill(0);
  const refTotal = new Array<number>(maxN).fill(0);
  hypotheses.forEach((hypothesis, index) => {
    const hyp = Array.from(hypothesis.replace(/\s+/gu, ''));
    const ref = Array.from((references[index] ?? '').replace(/\s+/gu, ''));
    for (let n = 1; n <= maxN; n++) {
      const hypGrams = grams(hyp, n);
      const refGrams = grams(ref, n);
      for (const [gram, count] of hypGrams) matches[n - 1]! += Math.min(count, refGrams.get(gram) ?? 0);
      hypTotal[n - 1]! += Math.max(0, hyp.length - n + 1);
      refTotal[n - 1]! += Math.max(0, ref.length - n + 1);
    }
  });
  let precision = 0;
  let recall = 0;
  let orders = 0;
  for (let n = 0; n < maxN; n++) {
    if (hypTotal[n] === 0 || refTotal[n] === 0) continue;
    precision += matches[n]! / hypTotal[n]!;
    recall += matches[n]! / refTotal[n]!;
    orders++;
  }
  if (orders === 0) return 0;
  precision /= orders;
  recall /= orders;
  if (precision + recall === 0) return 0;
  const b2 = beta * beta;
  return (100 * ((1 + b2) * precision * recall)) / (b2 * precision + recall);
}

function grams(chars: readonly string[], n: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join('');
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}
