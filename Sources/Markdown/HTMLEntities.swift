/// HTML's character references, as a browser reads them in raw HTML's text and attribute values:
/// numeric ones (`&#106;`, `&#x6A;`, with or without `;`), HTML 4's named ones and HTML 5's
/// names for ASCII signs (`&colon;`, `&Tab;`, `&NewLine;`…), with their `;` (and `&amp`, `&lt`,
/// `&gt`, `&quot`, `&nbsp`, `&copy`, `&reg` without it). A name it does not know stays as
/// written; the sanitizer escapes its `&`, so the reader sees it as written too. Either way
/// the value the sanitizer checks is the value the browser gets.
enum HTMLEntities {
    /// Name → code point (hexadecimal): HTML 4's list and HTML 5's ASCII signs.
    private static let table = """
    AElig=c6 Aacute=c1 Acirc=c2 Agrave=c0 Alpha=391 Aring=c5 Atilde=c3 Auml=c4 Beta=392 Ccedil=c7 Chi=3a7
    Dagger=2021 Delta=394 ETH=d0 Eacute=c9 Ecirc=ca Egrave=c8 Epsilon=395 Eta=397 Euml=cb Gamma=393 Iacute=cd
    Icirc=ce Igrave=cc Iota=399 Iuml=cf Kappa=39a Lambda=39b Mu=39c Ntilde=d1 Nu=39d OElig=152 Oacute=d3 Ocirc=d4
    Ograve=d2 Omega=3a9 Omicron=39f Oslash=d8 Otilde=d5 Ouml=d6 Phi=3a6 Pi=3a0 Prime=2033 Psi=3a8 Rho=3a1
    Scaron=160 Sigma=3a3 THORN=de Tau=3a4 Theta=398 Uacute=da Ucirc=db Ugrave=d9 Upsilon=3a5 Uuml=dc Xi=39e
    Yacute=dd Yuml=178 Zeta=396 aacute=e1 acirc=e2 acute=b4 aelig=e6 agrave=e0 alefsym=2135 alpha=3b1 amp=26
    and=2227 ang=2220 aring=e5 asymp=2248 atilde=e3 auml=e4 bdquo=201e beta=3b2 brvbar=a6 bull=2022 cap=2229
    ccedil=e7 cedil=b8 cent=a2 chi=3c7 circ=2c6 clubs=2663 cong=2245 copy=a9 crarr=21b5 cup=222a curren=a4
    dArr=21d3 dagger=2020 darr=2193 deg=b0 delta=3b4 diams=2666 divide=f7 eacute=e9 ecirc=ea egrave=e8 empty=2205
    emsp=2003 ensp=2002 epsilon=3b5 equiv=2261 eta=3b7 eth=f0 euml=eb euro=20ac exist=2203 fnof=192 forall=2200
    frac12=bd frac14=bc frac34=be frasl=2044 gamma=3b3 ge=2265 gt=3e hArr=21d4 harr=2194 hearts=2665 hellip=2026
    iacute=ed icirc=ee iexcl=a1 igrave=ec image=2111 infin=221e int=222b iota=3b9 iquest=bf isin=2208 iuml=ef
    kappa=3ba lArr=21d0 lambda=3bb lang=2329 laquo=ab larr=2190 lceil=2308 ldquo=201c le=2264 lfloor=230a
    lowast=2217 loz=25ca lrm=200e lsaquo=2039 lsquo=2018 lt=3c macr=af mdash=2014 micro=b5 middot=b7 minus=2212
    mu=3bc nabla=2207 nbsp=a0 ndash=2013 ne=2260 ni=220b not=ac notin=2209 nsub=2284 ntilde=f1 nu=3bd oacute=f3
    ocirc=f4 oelig=153 ograve=f2 oline=203e omega=3c9 omicron=3bf oplus=2295 or=2228 ordf=aa ordm=ba oslash=f8
    otilde=f5 otimes=2297 ouml=f6 para=b6 part=2202 permil=2030 perp=22a5 phi=3c6 pi=3c0 piv=3d6 plusmn=b1
    pound=a3 prime=2032 prod=220f prop=221d psi=3c8 quot=22 rArr=21d2 radic=221a rang=232a raquo=bb rarr=2192
    rceil=2309 rdquo=201d real=211c reg=ae rfloor=230b rho=3c1 rlm=200f rsaquo=203a rsquo=2019 sbquo=201a
    scaron=161 sdot=22c5 sect=a7 shy=ad sigma=3c3 sigmaf=3c2 sim=223c spades=2660 sub=2282 sube=2286 sum=2211
    sup=2283 sup1=b9 sup2=b2 sup3=b3 supe=2287 szlig=df tau=3c4 there4=2234 theta=3b8 thetasym=3d1 thinsp=2009
    thorn=fe tilde=2dc times=d7 trade=2122 uArr=21d1 uacute=fa uarr=2191 ucirc=fb ugrave=f9 uml=a8 upsih=3d2
    upsilon=3c5 uuml=fc weierp=2118 xi=3be yacute=fd yen=a5 yuml=ff zeta=3b6 zwj=200d zwnj=200c Hat=5e NewLine=a
    Tab=9 apos=27 ast=2a bsol=5c colon=3a comma=2c commat=40 dollar=24 equals=3d excl=21 grave=60 lcub=7b
    lowbar=5f lpar=28 lsqb=5b num=23 percnt=25 period=2e plus=2b quest=3f rcub=7d rpar=29 rsqb=5d semi=3b sol=2f
    verbar=7c
    """

    static let named: [Substring: Unicode.Scalar] = {
        var result: [Substring: Unicode.Scalar] = [:]
        for pair in table.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = UInt32(parts[1], radix: 16), let scalar = Unicode.Scalar(value) { result[parts[0]] = scalar }
        }
        return result
    }()

    /// Names browsers also read without their `;`.
    static let legacy: Set<Substring> = ["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"]

    /// What a numeric reference to 0x80…0x9F means in HTML (Windows-1252's characters).
    static let windows1252: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02C6,
        0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C,
        0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
        0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]

    /// `text` with its references decoded and without the characters XML cannot hold (C0
    /// controls but tab and line breaks; a reference to 0, a surrogate or past U+10FFFF becomes
    /// U+FFFD, as in a browser). `attribute`: a value, where a name without `;` followed by a
    /// letter, a digit or `=` stays as written.
    static func decode(_ text: Substring, attribute: Bool) -> String {
        var out = String.UnicodeScalarView()
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        func append(_ scalar: Unicode.Scalar) {
            let v = scalar.value
            if v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D { return }
            if v == 0xFFFE || v == 0xFFFF { return }
            out.append(scalar)
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard scalar == "&" else { append(scalar); index = scalars.index(after: index); continue }
            var cursor = scalars.index(after: index)
            if cursor < scalars.endIndex, scalars[cursor] == "#" {
                cursor = scalars.index(after: cursor)
                var radix: UInt32 = 10
                if cursor < scalars.endIndex, scalars[cursor] == "x" || scalars[cursor] == "X" { radix = 16; cursor = scalars.index(after: cursor) }
                var value: UInt32 = 0, digits = 0
                while cursor < scalars.endIndex, let digit = Self.digit(scalars[cursor], radix: radix) {
                    value = min(value &* radix &+ digit, 0x110000)
                    digits += 1
                    cursor = scalars.index(after: cursor)
                }
                guard digits > 0 else { append(scalar); index = scalars.index(after: index); continue }
                if cursor < scalars.endIndex, scalars[cursor] == ";" { cursor = scalars.index(after: cursor) }
                if let mapped = windows1252[value] { value = mapped }
                let invalid = value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) || (0x80...0x9F).contains(value)
                append(invalid ? "\u{FFFD}" : Unicode.Scalar(value)!)
                index = cursor
                continue
            }
            var nameEnd = cursor
            while nameEnd < scalars.endIndex, isASCIIAlphanumeric(scalars[nameEnd]) { nameEnd = scalars.index(after: nameEnd) }
            let name = Substring(text.unicodeScalars[cursor..<nameEnd])
            let hasSemicolon = nameEnd < scalars.endIndex && scalars[nameEnd] == ";"
            if let decoded = named[name], hasSemicolon || legacy.contains(name) {
                let next = hasSemicolon ? nil : (nameEnd < scalars.endIndex ? scalars[nameEnd] : nil)
                let followedByNameCharacter = next.map { isASCIIAlphanumeric($0) || $0 == "=" } ?? false
                if !(attribute && !hasSemicolon && followedByNameCharacter) {
                    append(decoded)
                    index = hasSemicolon ? scalars.index(after: nameEnd) : nameEnd
                    continue
                }
            }
            append(scalar)
            index = scalars.index(after: index)
        }
        return String(out)
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ((scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A) || (scalar.value >= 0x30 && scalar.value <= 0x39)
    }

    private static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let v = scalar.value
        if v >= 0x30 && v <= 0x39 { return v - 0x30 }
        guard radix == 16 else { return nil }
        let lower = v | 0x20
        return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : nil
    }
}
