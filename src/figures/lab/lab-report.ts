// The model lab's written report: the diagnosis (each check with its status, finding, what the
// loader did, why it matters and the chapter that explains it), the counts, the loader's notes and
// the node tree. Everything read from a file (names, messages that quote it) is set with
// textContent, never parsed as HTML.

import type { Diagnosis, DiagnosisCheck, ModelCounts } from '../../core/diagnosis.ts';
import type { Model } from '../../core/model.ts';
import { nodeRoles, nodeTreeOrder } from '../../core/model-summary.ts';

/** Deepest nesting the node tree draws; deeper nodes stay at this level, with their depth written. */
export const MAX_TREE_DEPTH = 40;
/** Nodes the tree lists at most; a line says how many more there are. */
export const MAX_TREE_NODES = 4000;

/** Chapter titles by slug (built into the page from the chapter collection). */
export type ChapterTitles = Record<string, string>;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== '') node.className = className;
  if (text !== '') node.textContent = text;
  return node;
}

const STATUS_LABELS: Record<DiagnosisCheck['status'], string> = { pass: 'Pass', warn: 'Warning', fail: 'Fail', skipped: 'Not checked' };

/** Replaces `list`'s children with one item per check. */
export function renderChecks(list: HTMLElement, diagnosis: Diagnosis, chapters: ChapterTitles): void {
  const items = diagnosis.checks.map((check) => {
    const item = element('li', `lab-check lab-check-${check.status}`);
    item.dataset.check = check.id;
    item.dataset.status = check.status;
    const head = element('p', 'lab-check-head');
    head.append(element('span', 'lab-badge', STATUS_LABELS[check.status]), element('strong', '', check.title));
    item.append(head, element('p', 'lab-check-finding', check.finding));
    if (check.repair !== '') item.append(element('p', 'lab-check-repair', check.repair));
    if (check.details.length > 0) {
      const details = element('ul', 'lab-check-details');
      for (const line of check.details) details.append(element('li', '', line));
      item.append(details);
    }
    const why = element('p', 'lab-check-why', `${check.why} `);
    const link = element('a', '', chapters[check.chapter] ? `Chapter: ${chapters[check.chapter]}` : 'The chapter');
    link.href = `/chapters/${check.chapter}/`;
    why.append(link);
    item.append(why);
    return item;
  });
  list.replaceChildren(...items);
}

const COUNT_LABELS: [keyof ModelCounts, string][] = [
  ['nodes', 'Nodes'],
  ['joints', 'Joints'],
  ['skins', 'Skins'],
  ['skinnedMeshes', 'Skinned meshes'],
  ['rigidParts', 'Rigid parts'],
  ['vertices', 'Vertices'],
  ['clips', 'Clips'],
  ['tracks', 'Animated properties'],
  ['keys', 'Keys'],
];

/** Replaces `list` (a <dl>) with the counts, or empties it when there are none. */
export function renderCounts(list: HTMLElement, counts: ModelCounts | null): void {
  const rows: HTMLElement[] = [];
  if (counts !== null) {
    for (const [key, label] of COUNT_LABELS) {
      const row = element('div');
      row.dataset.count = key;
      row.append(element('dt', '', label), element('dd', '', counts[key].toLocaleString('en')));
      rows.push(row);
    }
  }
  list.replaceChildren(...rows);
}

/** Replaces `list` with one item per loader note ("None" when there are none). */
export function renderNotes(list: HTMLElement, notes: string[]): void {
  list.replaceChildren(...(notes.length === 0 ? [element('li', 'lab-muted', 'None.')] : notes.map((note) => element('li', '', note))));
}

/**
 * Replaces `root` with the node tree as nested lists: ● a joint (a button that selects it when it
 * is a joint of the first skin), ○ a node without a bone, and what each node draws.
 */
export function renderNodeTree(root: HTMLElement, model: Model, selectJoint: (joint: number) => void): void {
  const roles = nodeRoles(model);
  const { names, sourceIndex } = model.hierarchy;
  const top = element('ul', 'lab-tree');
  // lists[d]: the list that takes nodes at depth d (set by the node above them).
  const lists: HTMLElement[] = [top];
  const order = nodeTreeOrder(model.hierarchy);
  const shown = Math.min(order.length, MAX_TREE_NODES);
  for (let i = 0; i < shown; i++) {
    const { node, depth } = order[i];
    const role = roles[node];
    const level = Math.min(depth, MAX_TREE_DEPTH);
    const item = element('li', role.joints.length > 0 ? 'lab-node lab-joint' : 'lab-node lab-boneless');
    item.dataset.node = String(sourceIndex[node]);
    const marker = element('span', 'lab-node-marker', role.joints.length > 0 ? '●' : '○');
    marker.setAttribute('aria-hidden', 'true');
    const name = `${names[node] || '(unnamed)'} #${sourceIndex[node]}`;
    const firstSkinJoint = role.joints.find(([skin]) => skin === 0);
    let label: HTMLElement;
    if (firstSkinJoint !== undefined) {
      label = element('button', 'lab-node-name', name);
      (label as HTMLButtonElement).type = 'button';
      label.addEventListener('click', () => selectJoint(firstSkinJoint[1]));
    } else {
      label = element('span', 'lab-node-name', name);
    }
    item.append(marker, element('span', 'visually-hidden', role.joints.length > 0 ? 'joint: ' : 'no bone: '), label);
    const tags = [
      ...(depth > MAX_TREE_DEPTH ? [`depth ${depth}`] : []),
      ...role.joints.map(([skin, joint]) => `skin ${skin} joint ${joint}`),
      ...role.skinnedMeshes.map((m) => `skinned mesh “${model.meshes[m].name}”`),
      ...role.rigidParts.map((r) => `rigid part “${model.rigidParts![r].name}”`),
    ];
    if (tags.length > 0) item.append(element('span', 'lab-node-tags', tags.join(' · ')));
    lists[level].append(item);
    const children = element('ul');
    item.append(children);
    lists[level + 1] = level + 1 > MAX_TREE_DEPTH ? lists[level] : children;
  }
  // Lists left empty say nothing.
  for (const list of top.querySelectorAll('ul')) if (list.childElementCount === 0) list.remove();
  root.replaceChildren(top);
  if (order.length > shown) root.append(element('p', 'lab-muted', `… and ${order.length - shown} more nodes.`));
}
