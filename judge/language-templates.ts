/** The A+B program of each language: its template in the editor and its proof in the judge tests. */

export const AB_C = `#include <stdio.h>

int main(void) {
    long long a, b;
    scanf("%lld %lld", &a, &b);
    printf("%lld\\n", a + b);
    return 0;
}
`;

export const AB_CPP = `#include <bits/stdc++.h>
using namespace std;

int main() {
    long long a, b;
    cin >> a >> b;
    cout << a + b << endl;
    return 0;
}
`;

export const AB_JAVA = `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a + b);
    }
}
`;

export const AB_PY3 = `a, b = map(int, input().split())
print(a + b)
`;

export const AB_PY2 = `a, b = map(int, raw_input().split())
print a + b
`;

export const AB_RUST = `use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    println!("{}", v[0] + v[1]);
}
`;

export const AB_JS = `const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(BigInt);
console.log(String(a + b));
`;

export const AB_GO = `package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	var a, b int64
	fmt.Fscan(in, &a, &b)
	fmt.Println(a + b)
}
`;

export const AB_KOTLIN = `fun main() {
    val (a, b) = readLine()!!.trim().split(Regex("\\\\s+")).map { it.toLong() }
    println(a + b)
}
`;

export const AB_CSHARP = `using System;

public class Program
{
    public static void Main()
    {
        var parts = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
        Console.WriteLine(long.Parse(parts[0]) + long.Parse(parts[1]));
    }
}
`;

export const AB_PHP = `<?php
[$a, $b] = array_map('intval', preg_split('/\\s+/', trim(stream_get_contents(STDIN))));
echo $a + $b, PHP_EOL;
`;

export const AB_RUBY = `a, b = $stdin.read.split.map(&:to_i)
puts a + b
`;

export const AB_PASCAL = `program main;
var
  a, b: int64;
begin
  readln(a, b);
  writeln(a + b);
end.
`;

export const AB_HASKELL = `main :: IO ()
main = do
  [a, b] <- map read . words <$> getContents :: IO [Integer]
  print (a + b)
`;

export const AB_TS = `import { readFileSync } from 'node:fs';

const [a, b] = readFileSync(0, 'utf8').trim().split(/\\s+/).map(BigInt);
console.log(String(a + b));
`;
