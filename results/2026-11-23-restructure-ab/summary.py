import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    p = line.split()
    if len(p) < 3 or p[0] not in ("old", "new"):
        continue
    rows.setdefault(p[1], {}).setdefault(p[0], []).append(float(p[2]))
print(f"| measurement | before (s) | after (s) | after/before | runs before | runs after |")
print("|---|---|---|---|---|---|")
for name, d in rows.items():
    o, n = statistics.median(d["old"]), statistics.median(d["new"])
    print(f"| {name} | {o:.3f} | {n:.3f} | {n/o:.3f} | {', '.join(f'{x:.3f}' for x in d['old'])} | {', '.join(f'{x:.3f}' for x in d['new'])} |")
