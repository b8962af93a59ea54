// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/render';
import { ShareBoard, boardPictureFileName } from './share-board';

/*
 * « Partager l’ardoise » and « Imprimer l’ardoise ». `fetch` and the browser's share sheet, downloads and print
 * are replaced at their boundary; the picture itself is the API's tests' business.
 */

const establishment = { id: '0b7f4f1e-2f57-4a4e-9d7c-3f3c0d6c7a11', name: 'La Marmite', uri: 'la-marmite' };
const DATE = '2026-12-04';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

let asked: string[];
let answer: () => Response;

beforeEach(() => {
  asked = [];
  answer = () => new Response(PNG, { status: 200, headers: { 'Content-Type': 'image/png' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const spy of spies.splice(0)) spy.mockRestore();
});

const spies: { mockRestore(): void }[] = [];
/** `HTMLAnchorElement.prototype.click` watched: a download starts with it. */
function watchClicks(clicked: HTMLAnchorElement[]) {
  const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  spies.push(spy);
}

function draw() {
  render(<ShareBoard establishment={establishment} date={DATE} version={'"b.3"'} />);
  return testUser();
}

describe('« Partager l’ardoise »', () => {
  it('hands the square picture to the share sheet where the browser shares files', async () => {
    const shared: ShareData[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      canShare: (data: ShareData) => (data.files?.length ?? 0) > 0,
      share: async (data: ShareData) => {
        shared.push(data);
      },
    });
    const user = draw();
    await user.click(screen.getByRole('button', { name: 'Partager l’ardoise' }));
    await vi.waitFor(() => expect(shared).toHaveLength(1));
    expect(asked).toEqual([
      `/api/establishment/${establishment.id}/menuboard.png?date=${DATE}&format=square`,
    ]);
    const file = shared[0]!.files![0]!;
    expect(file.name).toBe('ardoise-la-marmite-2026-12-04.png');
    expect(file.type).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    expect(shared[0]!.title).toBe('Ardoise du jour — La Marmite');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('downloads the picture where the browser cannot share files, and says so', async () => {
    vi.stubGlobal('navigator', { ...navigator, canShare: undefined, share: undefined });
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:ardoise';
    };
    URL.revokeObjectURL = () => {};
    const clicked: HTMLAnchorElement[] = [];
    watchClicks(clicked);
    const user = draw();
    await user.click(screen.getByRole('button', { name: 'Partager l’ardoise' }));
    expect(
      await screen.findByText(
        'L’image de l’ardoise est enregistrée dans vos téléchargements : publiez-la où vous voulez.',
      ),
    ).toBeTruthy();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe(boardPictureFileName('la-marmite', DATE));
    expect(created[0]!.size).toBe(PNG.length);
  });

  it('says nothing when the owner closes the share sheet', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      canShare: () => true,
      share: async () => {
        throw new DOMException('Share canceled', 'AbortError');
      },
    });
    const clicked: HTMLAnchorElement[] = [];
    watchClicks(clicked);
    const user = draw();
    await user.click(screen.getByRole('button', { name: 'Partager l’ardoise' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Partager l’ardoise' })).toBeTruthy());
    expect(clicked).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says the server’s French message when there is no picture', async () => {
    answer = () =>
      new Response(
        JSON.stringify({ code: 'NotFound', message: 'Cet établissement n’a pas d’ardoise ce jour-là.' }),
        { status: 404, headers: { 'Content-Type': 'application/json' } },
      );
    const user = draw();
    await user.click(screen.getByRole('button', { name: 'Partager l’ardoise' }));
    expect(await screen.findByText('Cet établissement n’a pas d’ardoise ce jour-là.')).toBeTruthy();
  });
});

describe('« Imprimer l’ardoise »', () => {
  it('prints the picture of this version alone on an A4 page, once it is loaded', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = draw();
    expect(screen.queryByRole('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Imprimer l’ardoise' }));
    const picture = screen.getByRole('img', { name: 'Ardoise du jour de La Marmite' });
    expect(picture.getAttribute('src')).toBe(
      `/api/establishment/${establishment.id}/menuboard.png?date=${DATE}&format=square&v=%22b.3%22`,
    );
    expect(print).not.toHaveBeenCalled();
    fireEvent.load(picture);
    expect(print).toHaveBeenCalledTimes(1);
    // After the print, the page is as it was.
    fireEvent(window, new Event('afterprint'));
    await vi.waitFor(() => expect(screen.queryByRole('img')).toBeNull());
  });
});
