import { describe, expect, it } from 'vitest';
import { initialsOf, letterOf, spelledOf } from './pinyin';

describe('pinyin of names', () => {
  it('spells Chinese names and takes their initials, reading a character within its word', () => {
    expect(spelledOf('人力资源部')).toBe('renliziyuanbu');
    expect(initialsOf('人力资源部')).toBe('rlzyb');
    expect(letterOf('人力资源部')).toBe('R');
    // 长 and 重 read as in 长沙, 重庆, not as 长 zhǎng, 重 zhòng.
    expect(spelledOf('长沙分公司')).toBe('changshafengongsi');
    expect(letterOf('长沙分公司')).toBe('C');
    expect(letterOf('重庆办事处')).toBe('C');
    expect(spelledOf('绿化组')).toBe('lühuazu');
  });

  it('keeps English as it is, lowercased, and files it under its first letter', () => {
    expect(spelledOf('HR')).toBe('hr');
    expect(initialsOf('HR')).toBe('hr');
    expect(letterOf('HR')).toBe('H');
    expect(letterOf('operations')).toBe('O');
    // A full-width letter counts as the letter.
    expect(letterOf('Ａ组')).toBe('A');
  });

  it('files names starting with a digit or a symbol under #', () => {
    expect(letterOf('2号仓库')).toBe('#');
    expect(initialsOf('2号仓库')).toBe('2hck');
    expect(letterOf('（筹）华北分部')).toBe('#');
    expect(letterOf('_temp')).toBe('#');
  });

  it('reads mixed names character by character', () => {
    expect(spelledOf('IT运维部')).toBe('ityunweibu');
    expect(initialsOf('IT运维部')).toBe('itywb');
    expect(letterOf('IT运维部')).toBe('I');
    expect(letterOf('研发部A组')).toBe('Y');
  });

  it('reads the first character of a person’s name as a surname: 单 Shan, 曾 Zeng, 解 Xie, 仇 Qiu, 区 Ou', () => {
    const people = { 单雄信: ['shanxiongxin', 'sxx', 'S'], 曾国藩: ['zengguofan', 'zgf', 'Z'], 解缙: ['xiejin', 'xj', 'X'], 仇英: ['qiuying', 'qy', 'Q'], 区小红: ['ouxiaohong', 'oxh', 'O'] };
    for (const [name, [spelled, initials, letter]] of Object.entries(people)) {
      expect(spelledOf(name, { person: true }), name).toBe(spelled);
      expect(initialsOf(name, { person: true }), name).toBe(initials);
      expect(letterOf(name, { person: true }), name).toBe(letter);
    }
    // Names that are no people read those characters as words do.
    expect(letterOf('单据组')).toBe('D');
    expect(letterOf('区域销售部')).toBe('Q');
  });

  it('gives an empty name nothing to spell and files it under #', () => {
    expect(spelledOf('')).toBe('');
    expect(initialsOf('')).toBe('');
    expect(letterOf('')).toBe('#');
    expect(letterOf('   ')).toBe('#');
  });
});
