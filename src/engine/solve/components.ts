// Splits the open variables into independent parts (union-find), so each part
// is solved on its own and MiniSat's fixed heap is never reached.
export class DisjointSets {
    private readonly parent: Int32Array

    constructor(size: number) {
        this.parent = new Int32Array(size)
        for (let i = 0; i < size; i++) this.parent[i] = i
    }

    find(x: number): number {
        let root = x
        while (this.parent[root] !== root) root = this.parent[root]!
        while (this.parent[x] !== root) {
            const next = this.parent[x]!
            this.parent[x] = root
            x = next
        }
        return root
    }

    union(a: number, b: number): void {
        const ra = this.find(a)
        const rb = this.find(b)
        if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb)
    }
}
