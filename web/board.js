// Draws a board as SVG from the engine's geometry (GET/POST /api/... "geometry", see
// docs/serve.md): points with their names and drawing coordinates, lines, home and goal
// regions, player colours. Nothing here knows any game's shape: every game and variant is
// drawn from the same few lists, so a new game needs no change here.
"use strict";

const HZBoard = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const UNIT = 46; // pixels between neighbouring points

  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  class Board {
    // svg: the <svg> element; onClick(point) is called when a point is clicked.
    constructor(svg, onClick) {
      this.svg = svg;
      this.onClick = onClick;
      this.geometry = null;
    }

    // Sets up the static layers (lines, regions, holes) for a geometry.
    setGeometry(geometry) {
      this.geometry = geometry;
      const svg = this.svg;
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      const xs = geometry.points.map((p) => p.x), ys = geometry.points.map((p) => p.y);
      this.minX = Math.min(...xs);
      this.maxY = Math.max(...ys);
      const margin = 0.9;
      const width = (Math.max(...xs) - this.minX + 2 * margin) * UNIT;
      const height = (this.maxY - Math.min(...ys) + 2 * margin) * UNIT;
      this.margin = margin;
      svg.setAttribute("viewBox", `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`);
      svg.setAttribute("data-shape", geometry.shape);
      this.layers = {};
      for (const name of ["regions", "lines", "heat", "marks", "holes", "pieces", "labels",
                          "targets"])
        this.layers[name] = el("g", { class: "layer-" + name }, svg);
      for (const region of geometry.regions) {
        const color = geometry.colors[region.player] || "#888";
        for (const p of region.points) {
          const [cx, cy] = this.xy(p);
          el("circle", {
            cx, cy, r: UNIT * 0.48, fill: color,
            class: "region region-" + region.kind, "data-player": region.player,
          }, this.layers.regions);
        }
      }
      for (const [a, b] of geometry.lines) {
        const [x1, y1] = this.xy(a), [x2, y2] = this.xy(b);
        el("line", { x1, y1, x2, y2, class: "board-line" }, this.layers.lines);
      }
      this.holes = geometry.points.map((p, i) => {
        const [cx, cy] = this.xy(i);
        const hole = el("circle", { cx, cy, r: UNIT * 0.12, class: "hole", "data-point": i },
                        this.layers.holes);
        el("title", {}, hole).textContent = p.name;
        const label = el("text", { x: cx + UNIT * 0.2, y: cy - UNIT * 0.2, class: "label" },
                         this.layers.labels);
        label.textContent = p.name;
        return hole;
      });
      // One transparent disc per point on top takes the clicks.
      this.hits = geometry.points.map((p, i) => {
        const [cx, cy] = this.xy(i);
        const hit = el("circle", { cx, cy, r: UNIT * 0.45, class: "hit", "data-point": i },
                       svg);
        el("title", {}, hit).textContent = p.name;
        hit.addEventListener("click", () => this.onClick(i));
        return hit;
      });
    }

    xy(point) {
      const p = this.geometry.points[point];
      return [(p.x - this.minX + this.margin) * UNIT, (this.maxY - p.y + this.margin) * UNIT];
    }

    clear(layer) {
      const g = this.layers[layer];
      while (g.firstChild) g.removeChild(g.firstChild);
      return g;
    }

    // position: {owner: [...], active}; last: the points of the last action, or null.
    drawPosition(position, last) {
      const g = this.clear("pieces");
      const colors = this.geometry.colors;
      position.owner.forEach((player, i) => {
        if (player < 0) return;
        const [cx, cy] = this.xy(i);
        el("circle", {
          cx, cy, r: UNIT * 0.36, fill: colors[player], class: "piece",
          "data-point": i, "data-player": player,
        }, g);
      });
      const marks = this.clear("marks");
      if (position.active !== null && position.active !== undefined) {
        const [cx, cy] = this.xy(position.active);
        el("circle", { cx, cy, r: UNIT * 0.46, class: "active-ring" }, marks);
      }
      if (last) {
        for (const p of [last.from, last.to, last.over]) {
          if (p === null || p === undefined) continue;
          const [cx, cy] = this.xy(p);
          el("circle", { cx, cy, r: UNIT * 0.44, class: p === last.over ? "last-over" : "last" },
             marks);
        }
        if (last.from !== null && last.to !== null) {
          const [x1, y1] = this.xy(last.from), [x2, y2] = this.xy(last.to);
          el("line", { x1, y1, x2, y2, class: "last-arrow" }, marks);
        }
      }
    }

    // targets: [{point, kind: "source"|"selected"|"target"}] drawn as clickable marks.
    drawTargets(targets) {
      const g = this.clear("targets");
      for (const t of targets) {
        const [cx, cy] = this.xy(t.point);
        el("circle", {
          cx, cy, r: UNIT * (t.kind === "target" ? 0.17 : 0.42),
          class: "mark-" + t.kind, "data-point": t.point,
        }, g);
      }
    }

    // heat: one share in [0, 1] per point (a search's visit share), or null to clear.
    drawHeat(heat) {
      const g = this.clear("heat");
      if (!heat) return;
      heat.forEach((share, i) => {
        if (!(share > 0.005)) return;
        const [cx, cy] = this.xy(i);
        el("circle", {
          cx, cy, r: UNIT * (0.2 + 0.32 * Math.sqrt(share)), class: "heat",
          "fill-opacity": (0.25 + 0.6 * share).toFixed(2), "data-point": i,
        }, g);
        const text = el("text", { x: cx, y: cy + UNIT * 0.62, class: "heat-label" }, g);
        text.textContent = Math.round(share * 100) + "%";
      });
    }

    showLabels(on) {
      this.svg.classList.toggle("with-labels", on);
    }
  }

  return { Board };
})();
