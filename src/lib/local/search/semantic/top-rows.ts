/**
 * The rows of the `k` highest scores at least `min`, best first (ties by row), among the
 * first `count` rows and those `accept` lets through: one pass with a binary heap of `k`, so
 * that a query over 100,000 passages never sorts them all.
 */
export function topRows(scores: Float32Array, count: number, k: number, min: number, accept: (row: number) => boolean = () => true): number[] {
  const heap: number[] = [];
  const worse = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  const siftDown = (from: number) => {
    for (let at = from; ;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < heap.length && worse(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && worse(heap[right]!, heap[least]!)) least = right;
      if (least === at) return;
      [heap[at], heap[least]] = [heap[least]!, heap[at]!];
      at = least;
    }
  };
  for (let row = 0; row < count; row++) {
    const score = scores[row]!;
    if (score < min) continue;
    if (heap.length === k && !worse(heap[0]!, row)) continue;
    if (!accept(row)) continue;
    if (heap.length < k) {
      heap.push(row);
      for (let at = heap.length - 1; at > 0;) {
        const parent = (at - 1) >> 1;
        if (!worse(heap[at]!, heap[parent]!)) break;
        [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
        at = parent;
      }
    } else {
      heap[0] = row;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => scores[b]! - scores[a]! || a - b);
}
