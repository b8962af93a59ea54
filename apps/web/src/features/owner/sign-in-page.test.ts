import { describe, expect, it } from 'vitest';
import { checkSignIn } from './sign-in-page';
import { SAME_PASSWORD_MESSAGE, checkNewPassword } from './password-pages';

describe('the owner’s sign-in and new password forms', () => {
  it('says which sign-in field is missing rather than the schema’s words for its union', () => {
    expect(checkSignIn({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'L’adresse e-mail est obligatoire.', password: 'Le mot de passe est obligatoire.' },
    });
    expect(checkSignIn({ email: 'lea@exemple.fr', password: '' })).toEqual({
      ok: false,
      errors: { password: 'Le mot de passe est obligatoire.' },
    });
    expect(checkSignIn({ email: ' Lea@Exemple.FR ', password: 'un mot de passe' })).toEqual({
      ok: true,
      data: { email: 'lea@exemple.fr', password: 'un mot de passe' },
    });
  });

  it('asks for the same new password twice, and for a link that has its token', () => {
    const password = 'Un nouveau mot de passe 2027';
    expect(checkNewPassword({ token: 'abc.def', password, repeat: password })).toEqual({
      ok: true,
      data: { token: 'abc.def', password },
    });
    expect(checkNewPassword({ token: 'abc.def', password, repeat: `${password}!` })).toEqual({
      ok: false,
      errors: { repeat: SAME_PASSWORD_MESSAGE },
    });
    const incomplete = checkNewPassword({ token: '', password, repeat: password });
    expect(!incomplete.ok && incomplete.errors).toEqual({
      token: 'Le lien de réinitialisation est incomplet.',
    });
  });
});
