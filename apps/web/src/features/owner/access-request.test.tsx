// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { AccessRequestForm } from './access-request';

afterEach(cleanup);

describe('the request for access to a page', () => {
  it('names the page as French writes it after « à » (issue 48, point 9)', () => {
    renderPage(
      <AccessRequestForm
        establishment={{ id: '40000000-0000-4000-8000-000000000001', name: 'Le Comptoir' }}
        token="jeton"
        onSent={() => {}}
      />,
    );
    expect(screen.getByRole('form', { name: 'Demander l’accès au Comptoir' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: /à Le Comptoir/ })).toBeNull();
  });
});
