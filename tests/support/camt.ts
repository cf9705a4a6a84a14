// CAMT.053 statements as a German bank exports them (camt.053.001.08: Ntry, NtryDtls/TxDtls,
// RmtInf/Ustrd, Amt with Ccy, CdtDbtInd, Sts/Cd), made for the tests of the bank-statement import.

export type CamtTx = { amount?: string; payer?: string; payerIban?: string; ustrd?: string[]; endToEndId?: string; ccy?: string }
export type CamtEntry = {
  amount: string
  ccy?: string
  credit?: boolean
  status?: 'BOOK' | 'PDNG'
  bookedOn?: string
  valueOn?: string
  ref?: string
  /** The entry's number (NtryRef): its place in the file unless given; null leaves it out. */
  entryRef?: string | null
  /** One transaction (the usual case) or several (a batch). */
  txs?: CamtTx[]
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function tx(t: CamtTx): string {
  return `
        <TxDtls>
          <Refs><EndToEndId>${esc(t.endToEndId ?? 'NOTPROVIDED')}</EndToEndId></Refs>
          ${t.amount ? `<Amt Ccy="${t.ccy ?? 'EUR'}">${t.amount}</Amt>` : ''}
          <RltdPties>
            <Dbtr><Pty><Nm>${esc(t.payer ?? 'Erika Mustermann')}</Nm></Pty></Dbtr>
            <DbtrAcct><Id><IBAN>${t.payerIban ?? 'DE02120300000000202051'}</IBAN></Id></DbtrAcct>
          </RltdPties>
          <RmtInf>${(t.ustrd ?? []).map((u) => `<Ustrd>${esc(u)}</Ustrd>`).join('')}</RmtInf>
        </TxDtls>`
}

export function camtStatement(entries: CamtEntry[], options: { iban?: string; id?: string } = {}): string {
  const body = entries
    .map(
      (e, i) => `
    <Ntry>
      ${e.entryRef === null ? '' : `<NtryRef>${esc(e.entryRef ?? String(i + 1))}</NtryRef>`}
      <Amt Ccy="${e.ccy ?? 'EUR'}">${e.amount}</Amt>
      <CdtDbtInd>${e.credit === false ? 'DBIT' : 'CRDT'}</CdtDbtInd>
      <Sts><Cd>${e.status ?? 'BOOK'}</Cd></Sts>
      <BookgDt><Dt>${e.bookedOn ?? '2027-03-01'}</Dt></BookgDt>
      <ValDt><Dt>${e.valueOn ?? e.bookedOn ?? '2027-03-01'}</Dt></ValDt>
      ${e.ref === '' ? '' : `<AcctSvcrRef>${esc(e.ref ?? `REF-${i + 1}`)}</AcctSvcrRef>`}
      <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
      <NtryDtls>${(e.txs ?? [{}]).map(tx).join('')}
      </NtryDtls>
    </Ntry>`,
    )
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG-${options.id ?? '1'}</MsgId><CreDtTm>2027-03-01T18:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${options.id ?? 'STMT-2027-03-01'}</Id>
      <ElctrncSeqNb>42</ElctrncSeqNb>
      <CreDtTm>2027-03-01T18:00:00+01:00</CreDtTm>
      <Acct><Id><IBAN>${options.iban ?? 'DE89370400440532013000'}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2027-02-28</Dt></Dt></Bal>${body}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`
}
