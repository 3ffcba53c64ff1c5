/** Who a library document is for, and the name it downloads as (issue 17 §4). */
import { describe, expect, it } from 'vitest';
import { asciiFileName, documentFileName, documentVisibleToClient, DocumentVisibility } from '../../src/shared/documents';

describe('a client member sees a document', () => {
  const doc = (visibility: number, client_ids: number[] = []) => ({ visibility, client_ids });

  it('when it is for all clients', () => {
    expect(documentVisibleToClient(doc(DocumentVisibility.allClients), 7)).toBe(true);
  });

  it('when it is for chosen clients and its own is among them', () => {
    expect(documentVisibleToClient(doc(DocumentVisibility.chosenClients, [3, 7]), 7)).toBe(true);
    expect(documentVisibleToClient(doc(DocumentVisibility.chosenClients, [3]), 7)).toBe(false);
    expect(documentVisibleToClient(doc(DocumentVisibility.chosenClients, [3]), null)).toBe(false);
  });

  it('never when it is for staff only, whoever was chosen before', () => {
    expect(documentVisibleToClient(doc(DocumentVisibility.staff, [7]), 7)).toBe(false);
  });
});

describe('a downloaded document is named by its title', () => {
  it('with the stored file\'s extension', () => {
    expect(documentFileName('Ficha técnica Cobertor Invierno', 'pdf')).toBe('Ficha técnica Cobertor Invierno.pdf');
  });

  it('without characters a file system refuses, nor leading or trailing dots and dashes', () => {
    expect(documentFileName('Garantía: 2/3 años "plus"?', 'pdf')).toBe('Garantía- 2-3 años -plus.pdf');
    expect(documentFileName('..\\secreto', 'png')).toBe('secreto.png');
  });

  it('"documento" when nothing of the title is left', () => {
    expect(documentFileName('  ///  ', 'jpg')).toBe('documento.jpg');
  });

  it('in plain ASCII for the old filename= parameter', () => {
    expect(asciiFileName('Garantía año.pdf')).toBe('Garantia ano.pdf');
    expect(asciiFileName('Plano €.pdf')).toBe('Plano _.pdf');
  });
});
