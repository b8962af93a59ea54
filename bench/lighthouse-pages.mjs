// The detail pages bench/lighthouse.mjs measures: six pages of the demo data chosen to differ as visitors'
// pages do (issue 32): short and long, with and without a photo and today's menu board, both kinds. The
// demo data has no photo: the bench gives two places one through the API, as the back office would.
import sharp from 'sharp';

/** A 1600×1000 JPEG with a photo's grain (a flat colour would weigh nothing), about 0.5 MB. */
function photoJpeg() {
  return sharp({
    create: {
      width: 1600,
      height: 1000,
      channels: 3,
      background: { r: 150, g: 110, b: 70 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Uploads a photo for establishment `id` and puts it on its page (`prepare-upload`, `PUT`, `PATCH`). */
async function addPhoto(baseUrl, callApi, token, id) {
  const bytes = await photoJpeg();
  const upload = await callApi(
    baseUrl,
    'POST',
    '/api/establishment/prepare-upload',
    { contentType: 'image/jpeg', size: bytes.length },
    token,
  );
  const put = await fetch(new URL(upload.uploadUrl, baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: bytes,
  });
  if (!put.ok) throw new Error(`PUT ${upload.uploadUrl} answered ${put.status}`);
  await callApi(baseUrl, 'PATCH', `/api/establishment/${id}`, { photo: { url: upload.url } }, token);
}

/** How much a page holds besides its board: its description and its opening hours. */
const length = (e) => (e.description?.length ?? 0) + 40 * (e.openingHours?.length ?? 0);

/**
 * The six pages, as `{ name, path, kind, photo, menuBoardToday }`. `admin` signs in to add the photos.
 * Which places have a board changes with the day; each choice falls back to another place when none fits.
 */
export async function chooseDetailPages(baseUrl, { callApi, boardsToday, admin }) {
  const { authentication } = await callApi(baseUrl, 'POST', '/api/admin/sign-in', admin);
  const list = await (await fetch(`${baseUrl}/api/establishments/`)).json();
  const boards = await boardsToday(baseUrl);
  const itemsOf = new Map(boards.map((b) => [b.establishment.id, b.items?.length ?? 0]));
  // Addresses of plain letters: the table and the results stay readable.
  const plain = list.filter((e) => /^[a-z0-9-]+$/.test(e.uri));
  const taken = new Set();
  const pick = (name, candidates, { photo = false } = {}) => {
    const chosen = candidates.find((e) => !taken.has(e.id)) ?? plain.find((e) => !taken.has(e.id));
    taken.add(chosen.id);
    return { name, establishment: chosen, photo };
  };
  const byLength = (a, b) => length(b) - length(a);
  const withBoard = (kind) =>
    plain
      .filter((e) => e.kind === kind && itemsOf.has(e.id))
      .sort((a, b) => itemsOf.get(b.id) - itemsOf.get(a.id) || byLength(a, b));
  const withoutBoard = (kind) => plain.filter((e) => e.kind === kind && !itemsOf.has(e.id)).sort(byLength);
  const choices = [
    pick('restaurant, ardoise et photo (longue)', withBoard('restaurant'), { photo: true }),
    pick('restaurant, ardoise sans photo', withBoard('restaurant').reverse()),
    pick('restaurant, photo sans ardoise', withoutBoard('restaurant'), { photo: true }),
    pick('restaurant courte (ni photo ni ardoise)', withoutBoard('restaurant').reverse()),
    pick('remplisvert, ardoise', withBoard('remplisvert')),
    pick('remplisvert courte', withoutBoard('remplisvert').reverse()),
  ];
  for (const choice of choices) {
    if (choice.photo) await addPhoto(baseUrl, callApi, authentication.token, choice.establishment.id);
  }
  return choices.map(({ name, establishment, photo }) => ({
    name,
    path: `/${establishment.kind}/${encodeURIComponent(establishment.uri)}`,
    kind: establishment.kind,
    photo,
    menuBoardToday: itemsOf.has(establishment.id),
  }));
}
