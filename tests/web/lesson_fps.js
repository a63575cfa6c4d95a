// Frames per second of every lesson of the built page in headless Chromium (SwiftShader)
// at 1280x720, each opened by its link (#lesson=N), left 1.5 s to settle, then counted
// for SECONDS (default 4); prints one line a lesson with its first frame's time.
// docs/performance.md, "Drawing":
//
//   NODE_PATH=tests/web/node_modules node tests/web/lesson_fps.js build-web/site 3 [FIRST-LAST]
const fs = require('fs'), http = require('http'), path = require('path'), os = require('os');
const puppeteer = require('puppeteer-core');
const site = path.resolve(process.argv[2]);
const seconds = Number(process.argv[3] || 4);
const range = (process.argv[4] || '1-27').split('-').map(Number);
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const name = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1));
  const file = path.join(site, name);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
(async () => {
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = 'http://127.0.0.1:' + server.address().port + '/';
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'satlab-fps-'));
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, userDataDir: profile,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
           '--window-size=1280,720'] });
  for (let n = range[0]; n <= range[1]; ++n) {
    const p = await browser.newPage();
    await p.setViewport({ width: 1280, height: 720, deviceScaleFactor: 1 });
    await p.goto(base + '#lesson=' + n);
    await p.waitForFunction('window.satlab && satlab.frames() > 0', { timeout: 120000 });
    const first = await p.evaluate('satlab.firstFrameMs()');
    await new Promise((r) => setTimeout(r, 1500));
    const f0 = await p.evaluate('satlab.frames()');
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const fps = (await p.evaluate('satlab.frames()') - f0) / ((Date.now() - t0) / 1000);
    console.log('lesson ' + n + ': ' + fps.toFixed(1) + ' fps, first frame ' + first.toFixed(0) + ' ms');
    await p.close();
  }
  await browser.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
})().catch((e) => { console.error(e); process.exit(1); });
