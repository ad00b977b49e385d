/** A compliance score as people read it: one decimal at most, and a colour by how far it is from 100 %. */
export function scoreText(score: number): string {
  return `${Number(score.toFixed(1))}%`;
}

export function scoreColor(score: number): string {
  if (score >= 90) return '#52c41a';
  if (score >= 60) return '#faad14';
  return '#f5222d';
}
