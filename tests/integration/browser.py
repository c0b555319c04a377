#!/usr/bin/env python3
"""Opens an iobench HTML report in headless Chromium and checks it, as a user's browser sees it.

    browser.py PAGE.html [--docs FILE.json...] [--doc NAME=FILE.json]... [--screenshot OUT.png]
               [--min-charts N] [--min-nums N]

It talks to Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: fds 3
and 4, messages ending in NUL), so it needs nothing beyond Python and Chromium. It fails when:
- the page logs a console error, throws, or fails to load a resource (Runtime and Log events);
- a chart (div.chart) was not drawn: no drawCallback (data-drawn), or no coloured pixel of a
  plotted series on its canvases;
- a figure shown (span.num with data-doc, data-path, data-scale) is not the JSON's value at
  that path of its document, times the scale, to the page's rounding (0.5%). The documents:
  --docs FILE... in order as 0, 1, ... (a file holding an array, a job file's groups, gives
  each of its elements a number), and --doc NAME=FILE (compare: iobench compare's document).
Prints what it checked; with --screenshot, the whole page as PNG."""
import argparse
import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

CHECK = r"""(() => {
  const out = { charts: [], nums: [], shown_errors: document.querySelectorAll('.errors').length,
                title: document.title };
  for (const c of document.querySelectorAll('.chart')) {
    let coloured = 0;
    for (const cv of c.querySelectorAll('canvas')) {
      if (!cv.width || !cv.height) continue;
      const d = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i + 3] < 100) continue;
        const mx = Math.max(d[i], d[i + 1], d[i + 2]), mn = Math.min(d[i], d[i + 1], d[i + 2]);
        if (mx - mn > 60) coloured++;
      }
    }
    out.charts.push({ title: c.dataset.title, drawn: c.dataset.drawn === '1', coloured: coloured });
  }
  for (const n of document.querySelectorAll('span.num'))
    out.nums.push({ doc: n.dataset.doc, path: n.dataset.path, scale: Number(n.dataset.scale),
                    text: n.textContent });
  return JSON.stringify(out);
})()"""


class Pipe:
    def __init__(self, chromium, profile):
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        # moved out of the way of 3 and 4, which the child's dup2 fills
        to_r2 = fcntl.fcntl(to_r, fcntl.F_DUPFD, 100)
        from_w2 = fcntl.fcntl(from_w, fcntl.F_DUPFD, 100)
        os.close(to_r)
        os.close(from_w)

        def child():
            os.dup2(to_r2, 3)
            os.dup2(from_w2, 4)

        self.proc = subprocess.Popen(
            [chromium, '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
             '--no-default-browser-check', '--disable-extensions', '--disable-background-networking',
             '--disable-sync', '--mute-audio', '--hide-scrollbars', '--remote-debugging-pipe',
             '--user-data-dir=' + profile, '--window-size=1280,900', 'about:blank'],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            preexec_fn=child, pass_fds=(3, 4))
        os.close(to_r2)
        os.close(from_w2)
        self.w, self.r = to_w, from_r
        self.buf = b''
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {'id': self.next_id, 'method': method, 'params': params or {}}
        if session:
            msg['sessionId'] = session
        os.write(self.w, json.dumps(msg).encode() + b'\0')
        want = self.next_id
        while True:
            m = self.read(60)
            if m.get('id') == want:
                if 'error' in m:
                    raise RuntimeError(f'{method}: {m["error"]}')
                return m.get('result', {})
            self.events.append(m)

    def read(self, timeout):
        end = time.time() + timeout
        while b'\0' not in self.buf:
            left = end - time.time()
            if left <= 0:
                raise TimeoutError('no answer from Chromium')
            r, _, _ = select.select([self.r], [], [], left)
            if r:
                chunk = os.read(self.r, 1 << 20)
                if not chunk:
                    raise RuntimeError('Chromium closed the pipe: ' +
                                       self.proc.stderr.read().decode(errors='replace')[-2000:])
                self.buf += chunk
        msg, self.buf = self.buf.split(b'\0', 1)
        return json.loads(msg)

    def pump(self, seconds):
        end = time.time() + seconds
        while time.time() < end:
            try:
                self.events.append(self.read(max(end - time.time(), 0.01)))
            except TimeoutError:
                break

    def close(self):
        try:
            self.send('Browser.close')
        except Exception:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def get(o, path):
    for k in path.split('.'):
        if o is None:
            return None
        if isinstance(o, list):
            k = int(k)
            o = o[k] if k < len(o) else None
        else:
            o = o.get(k)
    return o


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('page')
    ap.add_argument('--doc', action='append', default=[])
    ap.add_argument('--docs', nargs='*', default=[])
    ap.add_argument('--screenshot')
    ap.add_argument('--min-charts', type=int, default=1)
    ap.add_argument('--min-nums', type=int, default=1)
    a = ap.parse_args()
    chromium = shutil.which('chromium') or shutil.which('chromium-browser')
    if not chromium:
        print('SKIP: no chromium')
        sys.exit(77)
    docs = {}
    for path in a.docs:
        with open(path) as f:
            doc = json.load(f)
        for d in doc if isinstance(doc, list) else [doc]:
            docs[str(len(docs))] = d
    for d in a.doc:
        name, path = d.split('=', 1)
        with open(path) as f:
            doc = json.load(f)
        docs[name] = doc
    profile = tempfile.mkdtemp(prefix='iobench-chromium-')
    b = Pipe(chromium, profile)
    problems = []
    try:
        targets = b.send('Target.getTargets')['targetInfos']
        page = next(t for t in targets if t['type'] == 'page')
        s = b.send('Target.attachToTarget', {'targetId': page['targetId'], 'flatten': True})['sessionId']
        for m in ('Runtime.enable', 'Log.enable', 'Page.enable'):
            b.send(m, session=s)
        b.send('Emulation.setDeviceMetricsOverride',
               {'width': 1280, 'height': 900, 'deviceScaleFactor': 1, 'mobile': False}, session=s)
        b.send('Page.navigate', {'url': 'file://' + os.path.abspath(a.page)}, session=s)
        end = time.time() + 60
        while time.time() < end:  # loaded, and every chart drawn (or the time is up)
            b.pump(0.3)
            loaded = any(e.get('method') == 'Page.loadEventFired' for e in b.events)
            if loaded:
                r = b.send('Runtime.evaluate', {'expression': "document.querySelectorAll('.chart:not([data-drawn])').length",
                                                'returnByValue': True}, session=s)
                if r['result'].get('value') == 0:
                    break
        b.pump(0.5)
        r = b.send('Runtime.evaluate', {'expression': CHECK, 'returnByValue': True}, session=s)
        if 'exceptionDetails' in r:
            problems.append('the check itself failed: ' + json.dumps(r['exceptionDetails'])[:500])
            out = {'charts': [], 'nums': [], 'shown_errors': 0}
        else:
            out = json.loads(r['result']['value'])
        if a.screenshot:
            m = b.send('Page.getLayoutMetrics', session=s)
            h = int(m['cssContentSize']['height'])
            b.send('Emulation.setDeviceMetricsOverride',
                   {'width': 1280, 'height': h, 'deviceScaleFactor': 1, 'mobile': False}, session=s)
            b.pump(0.5)
            shot = b.send('Page.captureScreenshot', {'format': 'png', 'captureBeyondViewport': True}, session=s)
            with open(a.screenshot, 'wb') as f:
                f.write(base64.b64decode(shot['data']))
    finally:
        b.close()
        shutil.rmtree(profile, ignore_errors=True)
    for e in b.events:
        m, p = e.get('method'), e.get('params', {})
        if m == 'Runtime.exceptionThrown':
            problems.append('exception: ' + json.dumps(p.get('exceptionDetails', {}))[:600])
        elif m == 'Runtime.consoleAPICalled' and p.get('type') in ('error', 'assert'):
            problems.append('console.' + p['type'] + ': ' +
                            ' '.join(str(x.get('value', x.get('description', ''))) for x in p.get('args', []))[:600])
        elif m == 'Log.entryAdded' and p.get('entry', {}).get('level') == 'error':
            problems.append('log: ' + p['entry'].get('text', '')[:600])
    if out['shown_errors']:
        problems.append('the page shows an error box')
    bad_charts = [c for c in out['charts'] if not c['drawn'] or c['coloured'] < 30]
    for c in bad_charts:
        problems.append(f'chart "{c["title"]}" not drawn (drawCallback: {c["drawn"]}, coloured pixels: {c["coloured"]})')
    if len(out['charts']) < a.min_charts:
        problems.append(f'{len(out["charts"])} charts, wanted at least {a.min_charts}')
    checked = 0
    for n in out['nums']:
        if n['doc'] not in docs:
            problems.append(f'figure of document {n["doc"]} ({n["path"]}): no such document given')
            continue
        v = get(docs[n['doc']], n['path'])
        t = n['text'].replace(',', '').strip()
        if v is None or isinstance(v, (str, bool)) or isinstance(v, (dict, list)):
            if t != '–':
                problems.append(f'{n["doc"]}:{n["path"]} is {v!r} in the JSON, the page shows "{n["text"]}"')
            checked += 1
            continue
        want = v * n['scale']
        try:
            shown = float(t)
        except ValueError:
            problems.append(f'{n["doc"]}:{n["path"]}: the page shows "{n["text"]}", the JSON {want}')
            continue
        if abs(shown - want) > 0.005 * abs(want) + 1e-12:
            problems.append(f'{n["doc"]}:{n["path"]}: the page shows {shown}, the JSON {want}')
        checked += 1
    if checked < a.min_nums:
        problems.append(f'{checked} figures checked, wanted at least {a.min_nums}')
    print(f'{a.page}: "{out.get("title")}": {len(out["charts"])} charts drawn, {checked} figures equal to the JSON\'s')
    for p in problems:
        print('PROBLEM: ' + p)
    sys.exit(1 if problems else 0)


main()
