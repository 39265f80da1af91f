// End-to-end test of `shea lsp`: drives the built binary over stdio with
// vscode-languageserver-protocol (the protocol client VS Code's own client
// is built on) and compares what it publishes with `shea validate --format
// json` on the same files. Run with `make lsp-e2e` (SHEA_BIN names the
// binary). Exits 1 on the first failed expectation.
'use strict';

const cp = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const url = require('url');
const assert = require('assert/strict');
const rpc = require('vscode-languageserver-protocol/node');

const shea = process.env.SHEA_BIN || 'shea';
const testdata = path.join(__dirname, '..', 'testdata');

// fixture writes a txtar fixture of lsp/testdata into a new directory.
function fixture(name) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'shea-lsp-e2e-')));
  const text = fs.readFileSync(path.join(testdata, name + '.txtar'), 'utf8');
  const parts = text.split(/^-- (.+) --$\n/m);
  for (let i = 1; i < parts.length; i += 2) {
    const p = path.join(dir, parts[i]);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, parts[i + 1]);
  }
  return dir;
}

const uri = (p) => url.pathToFileURL(p).href;

// validate runs `shea validate --format json` and returns its diagnostics
// by file.
function validate(workflow) {
  const r = cp.spawnSync(shea, ['validate', '--format', 'json', workflow], { encoding: 'utf8' });
  const doc = JSON.parse(r.stdout);
  const byFile = {};
  for (const w of doc.workflows) {
    for (const d of w.diagnostics) {
      (byFile[d.range.filename] = byFile[d.range.filename] || []).push(d);
    }
  }
  return byFile;
}

// utf16 converts shea's line and byte column (from 1) to an LSP position
// in UTF-16 code units, with JavaScript's own strings: a JS string's
// length counts UTF-16 units.
function utf16(text, pos) {
  const lines = text.split(/\r\n|\r|\n/);
  const line = Buffer.from(lines[pos.line - 1], 'utf8');
  return { line: pos.line - 1, character: line.subarray(0, pos.column - 1).toString('utf8').length };
}

// expected turns validate's diagnostics of a file into what the server
// must publish.
function expected(list, text) {
  return (list || []).map((d) => ({
    code: d.code,
    severity: d.severity === 'error' ? 1 : 2,
    message: d.detail ? d.summary + '\n' + d.detail : d.summary,
    range: { start: utf16(text, d.range.start), end: utf16(text, d.range.end) },
  }));
}

function brief(list) {
  return list.map((d) => ({ code: d.code, severity: d.severity, message: d.message, range: d.range }));
}

let checks = 0;
function check(what, fn) {
  fn();
  checks++;
  console.log('ok   ' + what);
}

async function main() {
  const proc = cp.spawn(shea, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createProtocolConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const published = new Map(); // uri → latest params
  const log = [];
  const waiters = [];
  conn.onNotification(rpc.PublishDiagnosticsNotification.type, (p) => {
    published.set(p.uri, p);
    log.push({ p, at: Date.now() });
    for (const w of waiters.splice(0)) w();
  });
  conn.listen();
  // waitFor resolves with the latest publish for a file that satisfies ok.
  const waitFor = (file, ok, ms = 10000) => new Promise((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error('no matching diagnostics for ' + file + ': ' + JSON.stringify(published.get(uri(file))))), ms);
    const test = () => {
      const p = published.get(uri(file));
      if (p && ok(p)) { clearTimeout(deadline); resolve(p); } else waiters.push(test);
    };
    test();
  });
  const withVersion = (v) => (p) => p.version === v;

  const init = await conn.sendRequest(rpc.InitializeRequest.type, {
    processId: process.pid, rootUri: null, capabilities: { general: { positionEncodings: ['utf-16'] } },
  });
  conn.sendNotification(rpc.InitializedNotification.type, {});
  check('initialize: utf-16 and every capability', () => {
    const c = init.capabilities;
    assert.equal(c.positionEncoding, 'utf-16');
    assert.ok(c.completionProvider && c.hoverProvider && c.definitionProvider && c.documentLinkProvider && c.codeActionProvider && c.documentSymbolProvider);
  });

  // --- Symphony WORKFLOW.md -------------------------------------------
  const sym = fixture('symphony');
  const wf = path.join(sym, 'WORKFLOW.md');
  let wfText = fs.readFileSync(wf, 'utf8');
  const open = (file, text) => conn.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: uri(file), languageId: 'markdown', version: 1, text },
  });
  const change = (file, version, text) => conn.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
    textDocument: { uri: uri(file), version }, contentChanges: [{ text }],
  });
  open(wf, wfText);
  let p = await waitFor(wf, withVersion(1));
  check('symphony: diagnostics equal shea validate --format json (front matter, body after non-ASCII text)', () => {
    const want = expected(validate(wf)[wf], wfText);
    assert.ok(want.some((d) => d.code === 'unknown_config_key'), 'a front matter diagnostic');
    assert.ok(want.some((d) => d.code === 'unknown_property' && d.range.start.character !== Buffer.from(wfText.split('\n')[19]).indexOf('issue')), 'a body diagnostic whose UTF-16 column differs from its byte column');
    assert.deepEqual(brief(p.diagnostics), want);
    assert.ok(p.diagnostics.every((d) => d.codeDescription.href === 'shea-explain:' + d.code));
  });

  const body = wfText.indexOf('Résumé');
  const posAt = (text, marker) => {
    const i = text.indexOf(marker) + marker.length;
    const before = text.slice(0, i).split('\n');
    return { line: before.length - 1, character: before[before.length - 1].length };
  };
  const completeAt = async (file, text, version, marker) => {
    change(file, version, text);
    const r = await conn.sendRequest(rpc.CompletionRequest.type, { textDocument: { uri: uri(file) }, position: posAt(text, marker) });
    return (Array.isArray(r) ? r : r.items).map((i) => i.label);
  };
  let v = 1;
  const edit = (insert) => wfText.slice(0, body) + insert + '\n' + wfText.slice(body);
  let labels = await completeAt(wf, edit('{{ issue. }}'), ++v, '{{ issue.');
  check('completion: issue fields, declared ones included', () => {
    for (const l of ['title', 'identifier', 'comments']) assert.ok(labels.includes(l), l);
  });
  labels = await completeAt(wf, edit('{% for c in issue.comments %}{{ c. }}{% endfor %}'), ++v, '{{ c.');
  check('completion: array items through a loop variable', () => assert.deepEqual(labels.sort(), ['author', 'body']));
  labels = await completeAt(wf, edit('{% assign who = 1 %}{{  }}'), ++v, '{{ ');
  check('completion: inputs and locals', () => { for (const l of ['issue', 'attempt', 'who']) assert.ok(labels.includes(l), l); });
  labels = await completeAt(wf, edit('{{ issue.title | up }}'), ++v, '| up');
  check('completion: filters after |', () => assert.ok(labels.includes('upcase') && labels.includes('truncate')));
  labels = await completeAt(wf, edit('{% i %}'), ++v, '{% i');
  check('completion: tags after {%', () => assert.ok(labels.includes('if') && labels.includes('for')));
  labels = await completeAt(wf, wfText.replace('  kind: linear\n', '  kind: linear\n  pro\n'), ++v, '  pro');
  check('completion: front matter keys', () => assert.ok(labels.includes('project_slug')));

  change(wf, ++v, wfText);
  p = await waitFor(wf, withVersion(v));
  const hoverAt = async (file, text, marker) => {
    const h = await conn.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: uri(file) }, position: posAt(text, marker) });
    return h ? h.contents.value : '';
  };
  let h = await hoverAt(wf, wfText, 'issue.ident');
  check('hover: a field', () => assert.match(h, /\*\*issue\.identifier\*\*: `string`\n\nHuman key such as ABC-123\./));
  h = await hoverAt(wf, wfText, '| upc');
  check('hover: a filter (unknown: nothing)', () => assert.equal(h, ''));
  h = await hoverAt(wf, wfText, '  ki');
  check('hover: a front matter key', () => assert.match(h, /\*\*tracker\.kind\*\*/));

  let defs = await conn.sendRequest(rpc.DefinitionRequest.type, { textDocument: { uri: uri(wf) }, position: posAt(wfText, "render 'foo") });
  check('definition: a partial', () => assert.equal(defs[0].uri, uri(path.join(sym, 'footer.liquid'))));
  const links = await conn.sendRequest(rpc.DocumentLinkRequest.type, { textDocument: { uri: uri(wf) } });
  check('documentLink: the partial', () => assert.deepEqual(links.map((l) => l.target), [uri(path.join(sym, 'footer.liquid'))]));

  const actions = await conn.sendRequest(rpc.CodeActionRequest.type, {
    textDocument: { uri: uri(wf) }, range: { start: { line: 0, character: 0 }, end: { line: 30, character: 0 } },
    context: { diagnostics: p.diagnostics },
  });
  check('codeAction: every did-you-mean, and disabling a warning', () => {
    const titles = actions.map((a) => a.title);
    for (const t of ['Change to "project_slug"', 'Change to "issue.title"', 'Change to "upcase"']) assert.ok(titles.includes(t), t);
    assert.ok(titles.some((t) => t.startsWith('Disable unknown_config_key warnings')));
  });
  // applying the quick fixes clears the diagnostics
  let fixed = wfText;
  for (const a of actions.filter((a) => a.title.startsWith('Change to'))) {
    const e = a.edit.changes[uri(wf)][0];
    const lines = fixed.split('\n');
    const l = lines[e.range.start.line];
    lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
    fixed = lines.join('\n');
  }
  change(wf, ++v, fixed);
  p = await waitFor(wf, withVersion(v));
  check('quick fixes applied: the diagnostics are cleared', () => assert.deepEqual(p.diagnostics, []));
  h = await hoverAt(wf, fixed, '| upc');
  check('hover: a filter\'s arity', () => assert.equal(h, '`filter upcase: no arguments`'));

  // a burst of 200 edits: the last state's diagnostics within 2 s, nothing stale after
  let text = fixed;
  let last = 0;
  for (let i = 0; i < 200; i++) {
    text += i === 199 ? '{{ isue.title }}\n' : '{{ issue.title }}\n';
    change(wf, ++v, text);
    last = Date.now();
  }
  p = await waitFor(wf, withVersion(v));
  const burstMs = Date.now() - last;
  await new Promise((r) => setTimeout(r, 500));
  check(`burst: 200 edits, final diagnostics ${burstMs} ms after the last, none stale after`, () => {
    assert.ok(burstMs < 2000);
    assert.deepEqual(p.diagnostics.map((d) => d.code), ['unknown_variable']);
    const after = log.filter((e) => e.p.uri === uri(wf) && e.at > last && e.p.version !== v);
    assert.deepEqual(after.map((e) => e.p.version), []);
  });
  conn.sendNotification(rpc.DidCloseTextDocumentNotification.type, { textDocument: { uri: uri(wf) } });

  // --- .shea workflow ---------------------------------------------------
  const sh = fixture('shea');
  const swf = path.join(sh, '.shea/workflows/shea.md');
  const lane = path.join(sh, '.shea/prompts/main-agent.md');
  const team = path.join(sh, '.shea/team/main-agent.md');
  const partial = path.join(sh, '.shea/team/checklist.md');
  open(swf, fs.readFileSync(swf, 'utf8'));
  p = await waitFor(lane, (p) => p.diagnostics.length > 0);
  let vd = validate(swf);
  check('shea: an unopened lane prompt gets validate\'s diagnostics', () => {
    assert.equal(p.version, undefined);
    assert.deepEqual(brief(p.diagnostics), expected(vd[lane], fs.readFileSync(lane, 'utf8')));
  });
  const each = {};
  for (const file of Object.keys(vd)) {
    if (!file.startsWith('<')) each[file] = await waitFor(file, () => true);
  }
  check('shea: every file of the workflow gets validate\'s diagnostics', () => {
    assert.equal(Object.keys(each).length, 3);
    for (const [file, got] of Object.entries(each)) {
      assert.deepEqual(brief(got.diagnostics), expected(vd[file], fs.readFileSync(file, 'utf8')), file);
    }
  });
  const unsaved = '{% for c in issue.comments %}- {{ c.authr }} of {{ issue.comments.size }}\n{% endfor %}\n';
  open(partial, fs.readFileSync(partial, 'utf8'));
  change(partial, 2, unsaved);
  p = await waitFor(partial, withVersion(2));
  fs.writeFileSync(partial, unsaved); // what validate says once it is saved
  vd = validate(swf);
  check('shea: an unsaved partial is checked with its lane\'s inputs, as validate checks it once saved', () => {
    assert.deepEqual(brief(p.diagnostics), expected(vd[partial], unsaved));
    assert.equal(p.diagnostics.length, 1);
    assert.match(p.diagnostics[0].message, /Did you mean "c\.author"\?/);
  });

  const teamText = fs.readFileSync(team, 'utf8');
  open(team, teamText);
  await waitFor(team, withVersion(1));
  h = await hoverAt(team, teamText, '## Rul');
  check('hover: a section of a composed lane says its layer and that it is protected', () => {
    assert.match(h, /\*\*workspace\*\* layer/);
    assert.match(h, /\*\*protected\*\*/);
  });
  const syms = await conn.sendRequest(rpc.DocumentSymbolRequest.type, { textDocument: { uri: uri(team) } });
  check('documentSymbol: the ## sections with their layer', () => {
    assert.deepEqual(syms.map((s) => s.name), ['Rules', 'Style']);
    assert.match(syms[0].detail, /workspace layer, protected/);
  });
  const slinks = await conn.sendRequest(rpc.DocumentLinkRequest.type, { textDocument: { uri: uri(swf) } });
  check('documentLink: the prompt files the front matter names', () => {
    const t = slinks.map((l) => l.target);
    assert.ok(t.includes(uri(lane)));
  });
  defs = await conn.sendRequest(rpc.DefinitionRequest.type, { textDocument: { uri: uri(swf) }, position: posAt(fs.readFileSync(swf, 'utf8'), 'main_agent: ../pro') });
  check('definition: a prompt path in front matter', () => assert.equal(defs[0].uri, uri(lane)));

  // --- line endings, a byte order mark, an unknown key ------------------
  const odd = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'shea-lsp-e2e-')));
  fs.mkdirSync(path.join(odd, '.git'));
  fs.writeFileSync(path.join(odd, '.git/HEAD'), 'ref: refs/heads/main\n');
  const owf = path.join(odd, 'WORKFLOW.md');
  const cr = path.join(odd, 'cr.liquid');
  const owfText = '---\ntracker:\n  kind: linear\n  project_slug: demo\nbogus:\n  \n---\n{% render \'cr\' %}\n';
  const crText = '\ufeffone\rtwo\r{{ issue.titel }} {{ issue.idntifier }}\r';
  fs.writeFileSync(owf, owfText);
  fs.writeFileSync(cr, crText);
  // byByte is the LSP position of a byte offset of a file an editor shows
  // without its byte order mark
  const byByte = (text, byte) => {
    const lines = Buffer.from(text, 'utf8').subarray(0, byte).toString('utf8').replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
    return { line: lines.length - 1, character: lines[lines.length - 1].length };
  };
  open(owf, owfText);
  p = await waitFor(cr, (p) => p.diagnostics.length > 0);
  check('an unopened partial with lone CRs and a byte order mark: validate\'s diagnostics where the editor shows them', () => {
    const want = validate(owf)[cr].map((d) => ({ start: byByte(crText, d.range.start.byte), end: byByte(crText, d.range.end.byte) }));
    assert.deepEqual(p.diagnostics.map((d) => d.range), want);
    assert.deepEqual(want[0], { start: { line: 2, character: 3 }, end: { line: 2, character: 14 } });
  });
  const blank = await conn.sendRequest(rpc.CompletionRequest.type, { textDocument: { uri: uri(owf) }, position: { line: 5, character: 2 } });
  check('completion under an unknown front matter key: a list, not null', () => assert.ok(Array.isArray(blank.items)));

  await conn.sendRequest(rpc.ShutdownRequest.type);
  conn.sendNotification(rpc.ExitNotification.type);
  const code = await new Promise((r) => proc.on('exit', r));
  check('shutdown and exit: status 0', () => assert.equal(code, 0));

  const early = cp.spawn(shea, ['lsp'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const econn = rpc.createProtocolConnection(new rpc.StreamMessageReader(early.stdout), new rpc.StreamMessageWriter(early.stdin));
  econn.listen();
  await econn.sendRequest(rpc.InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
  econn.sendNotification(rpc.ExitNotification.type);
  const ecode = await new Promise((r) => early.on('exit', r));
  check('exit without shutdown: status 1', () => assert.equal(ecode, 1));
  console.log(`PASS ${checks} checks`);
}

main().catch((e) => {
  console.error('FAIL', e && e.stack || e);
  process.exit(1);
});
