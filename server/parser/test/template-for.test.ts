/**
 * `<template for>` (whatwg/html 2ff023fb) and the attributes of processing
 * instructions (whatwg/dom#1454). Every expected result here is what
 * Chromium 156 gives: the trees are `new DOMParser().parseFromString(input,
 * 'text/html')` dumped in the html5lib format, the attributes
 * `document.createProcessingInstruction('t', data)`'s `getAttributeNames()`
 * and `getAttribute()`.
 */
import { strict as assert } from 'node:assert';
import { parse, reparse, toTestTree, type TextEdit } from '../out/index';
import { processingInstructionAttributes } from '../out/processing-instruction-attributes';
import { errorsFingerprint, treeFingerprint } from './support/tree-fingerprint';
import { pick, seededRandom } from './support/random';

/** [input, Chromium 156's tree]. */
const TREES: [string, string][] = [
  ["<div><?marker name=\"x\"></div><template for=\"x\"><b>patched</b></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <b>\n|         \"patched\""],
  ["<div>a<?start name=\"x\">old<i>o</i><?end>b</div><template for=\"x\"><b>new</b></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"a\"\n|       <b>\n|         \"new\"\n|       \"b\""],
  ["<div>a<?start name=\"x\">old<?end>b<?end>c</div><template for=\"x\">N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"a\"\n|       \"N\"\n|       \"b\"\n|       <?end ?>\n|       \"c\""],
  ["<div>a<?start name=\"x\">old<?start name=y>in<?end>more<?end>c</div><template for=\"x\">N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"a\"\n|       \"N\"\n|       \"c\""],
  ["<div>a<?start name=\"x\">old</div><template for=\"x\">N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"a\"\n|       \"N\""],
  ["<div>a<?start name=\"x\">old<p>p<?end>q</p>z<?end>w</div><template for=\"x\">N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"a\"\n|       \"N\"\n|       \"w\""],
  ["<div><?marker name=x></div><template for=y>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|     <template>\n|       for=\"y\"\n|       content\n|         \"N\""],
  ["<div><?marker name=x></div><template for>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|     <template>\n|       for=\"\"\n|       content\n|         \"N\""],
  ["<div><?marker name=x></div><template for=\"\">N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|     <template>\n|       for=\"\"\n|       content\n|         \"N\""],
  ["<div><?marker name=x><?marker name=x></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|       <?marker name=x?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?marker name=x></div><template for=x>N</template><template for=x>M</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\"\n|     <template>\n|       for=\"x\"\n|       content\n|         \"M\""],
  ["<div><?marker name=x>tail</div><template for=x>N<p>para</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|       \"tail\"\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\"\n|         <p>\n|           \"para\""],
  ["<div><?marker name=x></div><template for=x>N</template>after",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\"\n|     \"after\""],
  ["<table><tr><?marker name=x></tr></table><template for=x><td>cell</td></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <tbody>\n|         <tr>\n|           <?marker name=x?>\n|     <template>\n|       for=\"x\"\n|       content\n|         <td>\n|           \"cell\""],
  ["<ul><?marker name=x></ul><template for=x><li>a<li>b</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <ul>\n|       <?marker name=x?>\n|     <template>\n|       for=\"x\"\n|       content\n|         <li>\n|           \"a\"\n|         <li>\n|           \"b\""],
  ["<div><?marker name=x></div><p><template for=x>N</template></p>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|     <p>\n|       <template>\n|         for=\"x\"\n|         content\n|           \"N\""],
  ["<div><?marker name=x></div><template for=x id=t class=c>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|     <template>\n|       class=\"c\"\n|       for=\"x\"\n|       id=\"t\"\n|       content\n|         \"N\""],
  ["<div><?marker name=x data=1></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x data=1?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?marker name='x'></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?marker  name = \"x\" ></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?marker foo name=\"x\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker foo name=\"x\"?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?marker namex=\"y\" name=\"x\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?MARKER name=x></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?MARKER name=x?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?marker NAME=x></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker NAME=x?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?marker name=x></div><template for=X>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|     <template>\n|       for=\"X\"\n|       content\n|         \"N\""],
  ["<div><?marker name=\"x\"><?marker name=\"x\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\"\n|       <?marker name=\"x\"?>"],
  ["<div><?marker name=\"x\"></div><template for=x>N</template><template for=x>M</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\"\n|     <template>\n|       for=\"x\"\n|       content\n|         \"M\""],
  ["<div><?marker name=\"x\">tail</div><template for=x>N<p>para</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\"\n|       <p>\n|         \"para\"\n|       \"tail\""],
  ["<div><?marker name=\"x\"></div><template for=x>N</template>after",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\"\n|     \"after\""],
  ["<table><tr><?marker name=\"x\"></tr></table><template for=x><td>cell</td></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <tbody>\n|         <tr>\n|           <td>\n|             \"cell\""],
  ["<ul><?marker name=\"x\"></ul><template for=x><li>a<li>b</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <ul>\n|       <li>\n|         \"a\"\n|       <li>\n|         \"b\""],
  ["<div><?marker name=\"x\"></div><p><template for=x>N</template></p>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=\"x\"?>\n|     <p>\n|       <template>\n|         for=\"x\"\n|         content\n|           \"N\""],
  ["<div><?marker name=\"x\"></div><template for=x id=t class=c>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?MARKER name=\"x\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?MARKER name=\"x\"?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?marker NAME=\"x\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker NAME=\"x\"?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?marker name=\"x\"></div><template for=X>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=\"x\"?>\n|     <template>\n|       for=\"X\"\n|       content\n|         \"N\""],
  ["<div><?marker name=\"x\"></div><template for=x>N</div>M</template>Z",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"NM\"\n|     \"Z\""],
  ["<div><?marker name=\"x\"></div><template for=x>N<template>inner</template>M</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\"\n|       <template>\n|         content\n|           \"inner\"\n|       \"M\""],
  ["<div><?marker name=\"x\"></div><template for=x><template for=y>q</template></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <template>\n|         for=\"y\"\n|         content\n|           \"q\""],
  ["<div><?marker name=\"x\"><?marker name=\"y\"></div><template for=x>A<template for=y>B</template>C</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"AC\"\n|       \"B\""],
  ["<template><div><?marker name=\"x\"></div><template for=x>N</template></template>",
    "| <html>\n|   <head>\n|     <template>\n|       content\n|         <div>\n|           \"N\"\n|   <body>"],
  ["<template><?marker name=\"x\"></template><template for=x>N</template>",
    "| <html>\n|   <head>\n|     <template>\n|       content\n|         <?marker name=\"x\"?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\"\n|   <body>"],
  ["<head><?marker name=\"x\"></head><body><template for=x>N</template>",
    "| <html>\n|   <head>\n|     \"N\"\n|   <body>"],
  ["<?marker name=\"x\"><template for=x>N</template>",
    "| <?marker name=\"x\"?>\n| <html>\n|   <head>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\"\n|   <body>"],
  ["<body><?marker name=\"x\"><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     \"N\""],
  ["<div><?marker name=\"x\" name=\"y\"></div><template for=y>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=\"x\" name=\"y\"?>\n|     <template>\n|       for=\"y\"\n|       content\n|         \"N\""],
  ["<div><?marker name=\"x\" name=\"y\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=\"x\" name=\"y\"?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?marker name=\"a&amp;b\"></div><template for=\"a&amp;b\">N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?marker name=\"a&amp;b\"></div><template for=\"a&b\">N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?marker name=\"x\"?></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?marker name=\"x\"/></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=\"x\"/?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?marker name=\"x\" ></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?marker\tname=\"x\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?marker name=\"x\"x></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=\"x\"x?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?marker =\"x\" name=\"x\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker =\"x\" name=\"x\"?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?end name=\"x\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?end name=\"x\"?>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<div><?start name=\"x\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<head><?marker name=\"x\"><template for=x>N</template></head>",
    "| <html>\n|   <head>\n|     \"N\"\n|   <body>"],
  ["<?marker name=\"x\"><body><template for=x>N</template>",
    "| <?marker name=\"x\"?>\n| <html>\n|   <head>\n|   <body>\n|     <template>\n|       for=\"x\"\n|       content\n|         \"N\""],
  ["<html><?marker name=\"x\"><body><template for=x>N</template>",
    "| <html>\n|   \"N\"\n|   <head>\n|   <body>"],
  ["<table><?marker name=\"x\"><template for=x>N</template></table>",
    "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       \"N\""],
  ["<table><tr><?marker name=\"x\"></tr><template for=x><td>c</td></template></table>",
    "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <tbody>\n|         <tr>\n|           <td>\n|             \"c\""],
  ["<div><?marker name=\"x\"></div><template for=x>N",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?start name=\"x\">old<?end></div><template for=x>N",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<div><?marker name=\"x\"><template for=x>N</template></div>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\""],
  ["<template><?marker name=\"x\"><template for=x>N</template></template>",
    "| <html>\n|   <head>\n|     <template>\n|       content\n|         \"N\"\n|   <body>"],
  ["<div><?marker name=\"x\"></div><table><template for=x>N</template></table>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=\"x\"?>\n|     <table>\n|       <template>\n|         for=\"x\"\n|         content\n|           \"N\""],
  ["<div><?start name=\"x\">old<?end></div><template for=x></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>"],
  ["<div><?marker name=\"x\"></div><template for=x><?marker name=\"y\"></template><template for=y>Y</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"Y\""],
  ["<div><?start name=\"x\"><?end></div><template for=x><b>x</template>T",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <b>\n|         \"x\"\n|     \"T\""],
  ["<div><?marker name=\"x\"></div><template for=x><b>x</template>T",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <b>\n|         \"x\"\n|     \"T\""],
  ["<div><?marker name=\"x\"></div><template for=x><table>T</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"T\"\n|       <table>"],
  ["<div><?marker name=\"x\"></div><template for=x><p>a</p></div>b</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <p>\n|         \"a\"\n|       \"b\""],
  ["<div><?marker name=\"x\"></div><svg><template for=x>N</template></svg>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=\"x\"?>\n|     <svg svg>\n|       <svg template>\n|         for=\"x\"\n|         \"N\""],
  ["<div><?marker name=\"x\"></div><frameset><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <frameset>"],
  ["<p><?marker name=\"x\"></p><template for=x><p>n</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       <p>\n|         \"n\""],
  ["<div><?start name=\"x\"><?start name=\"x\">in<?end>mid<?end>out</div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"N\"\n|       \"out\""],
  ["<div><span><?start name=\"x\"></span>a<?end>b</div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <span>\n|         \"N\"\n|       \"a\"\n|       <?end ?>\n|       \"b\""],
  ["<div><?marker name=\"x\"></div><select><template for=x>N</template></select>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=\"x\"?>\n|     <select>\n|       <template>\n|         for=\"x\"\n|         content\n|           \"N\""],
  ["<div>a<?marker name=\"x\">b</div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"aN\"\n|       \"b\""],
  ["<div>a<?start name=\"x\">old<?end>b</div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"a\"\n|       \"N\"\n|       \"b\""],
  ["<div>a<?marker name=\"x\"></div><template for=x>N</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"aN\""],
  ["<table><tr><td><?marker name=\"x\"></td></tr></table><template for=x>N<td>q</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <tbody>\n|         <tr>\n|           <td>\n|             \"N\"\n|             <td>\n|               \"q\""],
  ["<div><?marker name=\"x\"></div><template for=x><table><tr><td>a</td></tr>foster</table></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"foster\"\n|       <table>\n|         <tbody>\n|           <tr>\n|             <td>\n|               \"a\""],
  ["<div><?marker name=\"x\"></div><template for=x><b><p>x</b>y</p></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <b>\n|       <p>\n|         <b>\n|           \"x\"\n|         \"y\""],
  ["<div><?marker name=\"x\"></div><template for=x><a><b>x</a>y</template>z",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <a>\n|         <b>\n|           \"x\"\n|       <b>\n|         \"y\"\n|     \"z\""],
  ["<div><?start name=\"a\"><span><?marker name=\"b\"></span><?end></div><template for=a>A</template><template for=b>B</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"A\"\n|     <template>\n|       for=\"b\"\n|       content\n|         \"B\""],
  ["<div><?start name=\"a\"><?end></div><?start name=\"b\"><?end><template for=b><template for=a>A</template>B</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"A\"\n|     \"B\""],
  ["<div><?marker name=\"x\"></div><template for=x><script>s</script><style>t</style></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <script>\n|         \"s\"\n|       <style>\n|         \"t\""],
  ["<div><?marker name=\"x\"></div><template for=x><title>t</title><meta charset=utf-8></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <title>\n|         \"t\"\n|       <meta>\n|         charset=\"utf-8\""],
  ["<div><?marker name=\"x\"></div><template for=x><html a=1><body b=2></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>"],
  ["<div><?marker name=\"x\"></div><template for=x><frameset></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>"],
  ["<div><?marker name=\"x\"></div><template for=x><select><option>a<option>b</select></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <select>\n|         <option>\n|           \"a\"\n|         <option>\n|           \"b\""],
  ["<div><?marker name=\"x\"></div><template for=x>a</template><template for=x>b</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"a\"\n|     <template>\n|       for=\"x\"\n|       content\n|         \"b\""],
  ["<div><?marker name=\"x\"></div><template for=x></div>c</template>d",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"c\"\n|     \"d\""],
  ["<div><?marker name=\"x\"></div><template for=x><!--c--><?pi d></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <!-- c -->\n|       <?pi d?>"],
  ["<div><?marker name=\"x\"></div><template for=x>\n</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"\n\""],
  ["<!DOCTYPE html><html><head><title>t</title></head><body><div id=a><?start name=\"m\">Loading…<?end></div><p>other</p><template for=m><ul><li>1<li>2</ul></template></body></html>",
    "| <!DOCTYPE html>\n| <html>\n|   <head>\n|     <title>\n|       \"t\"\n|   <body>\n|     <div>\n|       id=\"a\"\n|       <ul>\n|         <li>\n|           \"1\"\n|         <li>\n|           \"2\"\n|     <p>\n|       \"other\""],
  ["<div><?marker name=\"x\"></div><template for=x><template for=x>inner</template></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"inner\""],
  ["<div><?marker name=\"x\"></div><template for=x><svg><template for=x>i</template></svg></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <svg svg>\n|         <svg template>\n|           for=\"x\"\n|           \"i\""],
  ["<svg><?marker name=\"x\"></svg><template for=x><path/></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       <path>"],
  ["<math><mi><?marker name=\"x\"></mi></math><template for=x><b>c</b></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <math math>\n|       <math mi>\n|         <b>\n|           \"c\""],
  ["<div><?marker name=\"x\"></div><template for=x><tr><td>c</template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <tr>\n|         <td>\n|           \"c\""],
  ["<div><?marker name=\"x\"></div><template for=x><col><td></template>",
    "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <col>"],
  ["<body><?marker name=\"x\"><template for=x><template for=x>N</template></template>",
    "| <html>\n|   <head>\n|   <body>\n|     \"N\""],
];

/** [data, Chromium 156's attributes (null: none)]. */
const ATTRIBUTES: [string, Record<string, string> | null][] = [
  ["a=\"b\"", {"a":"b"}],
  ["a=\"b\" a=\"c\"", null],
  ["a=\"b\"c=\"d\"", null],
  ["a = \"b\"", {"a":"b"}],
  [" a=\"b\" ", {"a":"b"}],
  ["a=\"b&amp;c\"", {"a":"b&c"}],
  ["a=\"&lt;&gt;&quot;&apos;&#65;&#x41;&nbsp;&foo;&amp\"", null],
  ["a='b\"c'", {"a":"b\"c"}],
  ["a=\"b", null],
  ["a", null],
  ["a=", null],
  ["a=\"b\" c", null],
  ["$x=\"1\"", null],
  ["1x=\"1\"", null],
  ["-x=\"1\"", null],
  ["x-y=\"1\" x:y=\"2\" x.y=\"3\"", {"x-y":"1","x.y":"3","x:y":"2"}],
  ["é=\"1\"", {"é":"1"}],
  ["a=\"b\"\t\nc=\"d\"", {"c":"d","a":"b"}],
  ["a=\"b\"\fc=\"d\"", null],
  ["a=\"b\"\rc=\"d\"", {"c":"d","a":"b"}],
  ["a=\"x\ny\"", {"a":"x y"}],
  ["a=\"b\" =", null],
  ["a=\"<b>\"", null],
  ["a=\"\"", {"a":""}],
  ["a=\"b\"/", null],
  ["a=\"&lt;\"", {"a":"<"}],
  ["a=\"&gt;\"", {"a":">"}],
  ["a=\"&quot;\"", {"a":"\""}],
  ["a=\"&apos;\"", {"a":"'"}],
  ["a=\"&#65;\"", {"a":"A"}],
  ["a=\"&#x41;\"", {"a":"A"}],
  ["a=\"&nbsp;\"", null],
  ["a=\"&amp\"", null],
  ["a=\"&#0;\"", null],
  ["a=\"&#x1;\"", null],
  ["a=\"\u0001\"", null],
  ["a=\"&#10;\"", {"a":"\n"}],
  ["a=\"x\r\ny\"", {"a":"x y"}],
  ["a='<'", null],
  ["a=\">\"", {"a":">"}],
  ["a=\"\u00a0\"", {"a":"\u00a0"}],
  ["a=\"b\"\u00a0c=\"d\"", null],
  [":a=\"1\"", {":a":"1"}],
  ["a:=\"1\"", {"a:":"1"}],
  ["·a=\"1\"", null],
  ["a·=\"1\"", {"a·":"1"}],
  ["a=\"b\" ?", null],
  ["a=\"&#xD800;\"", null],
  ["a=\"\ud800\"", null],
  ["a=\"&#X41;\"", null],
  ["a=\"&#x;\"", null],
  ["a=\"\ufffe\"", null],
];

describe('<template for> (whatwg/html 2ff023fb), as Chromium 156 builds it', () => {
  for (const [input, expected] of TREES) {
    it(JSON.stringify(input).slice(0, 100), () => {
      assert.equal(toTestTree(parse(input, { scripting: false }).document), expected);
    });
  }

  it('a reparse after edits around markers and templates equals a full parse', () => {
    const inputs = TREES.map(([input]) => input);
    const edits: ((text: string) => TextEdit)[] = [
      (t) => ({ start: t.indexOf('name='), deleteCount: 0, insertText: 'x' }),
      (t) => ({ start: t.indexOf('for='), deleteCount: 4, insertText: 'for=' }),
      (t) => ({ start: t.indexOf('<template'), deleteCount: 0, insertText: '<?marker name="x">' }),
      (t) => ({ start: 0, deleteCount: t.indexOf('>') + 1, insertText: '' }),
      (t) => ({ start: t.length, deleteCount: 0, insertText: '<template for=x>late</template>' }),
      (t) => ({ start: t.indexOf('</template>'), deleteCount: 11, insertText: '' }),
    ];
    let count = 0;
    for (const input of inputs) {
      for (const edit of edits) {
        for (const checkpointInterval of [4, 16]) {
          const e = edit(input);
          if (e.start < 0) continue;
          const text = input.slice(0, e.start) + e.insertText + input.slice(e.start + e.deleteCount);
          const before = parse(input, { scripting: false, checkpointInterval });
          const after = reparse(before, e, { scripting: false, rethrow: true });
          const full = parse(text, { scripting: false });
          assert.equal(treeFingerprint(after.document), treeFingerprint(full.document), `${JSON.stringify(input)} edited ${JSON.stringify(e)}`);
          assert.equal(errorsFingerprint(after.errors), errorsFingerprint(full.errors));
          count++;
        }
      }
    }
    assert.ok(count > 500, `${count} reparses`);
  });
});

/**
 * Many `<?start>` ranges and `<?marker>`s in one parent, filled in a given
 * order by later templates: the parent with 256 children or more goes
 * through a gap buffer (tree/gap-children.ts), the smaller one through
 * array splices. The expected tree is built from the rules the trees above
 * show (a filled range is replaced by the template's contents, a filled
 * point gets them before it and loses its marker; an unfilled one stays as
 * it was), not from a parse.
 */
function manyRangesInOneParent(n: number, order: readonly number[], filled: ReadonlySet<number>): { input: string; expected: string } {
  const parts: string[] = ['<div>'];
  const lines: string[] = ['| <html>', '|   <head>', '|   <body>', '|     <div>'];
  for (let i = 0; i < n; i++) {
    // Even: a range; odd: a point. A text between every two of them.
    if (i % 2 === 0) parts.push(`<?start name="m${i}"><u>old</u><?end>`);
    else parts.push(`<?marker name="m${i}">`);
    parts.push(`<!--${i}-->`);
    if (filled.has(i)) lines.push(`|       "t${i}"`, '|       <i>', `|         "${i}"`);
    else if (i % 2 === 0) lines.push(`|       <?start name="m${i}"?>`, '|       <u>', '|         "old"', '|       <?end ?>');
    else lines.push(`|       <?marker name="m${i}"?>`);
    lines.push(`|       <!-- ${i} -->`);
  }
  parts.push('</div>');
  for (const i of order) if (filled.has(i)) parts.push(`<template for="m${i}">t${i}<i>${i}</i></template>`);
  return { input: parts.join(''), expected: lines.join('\n') };
}

describe('<template for> ranges among many siblings (the gap buffer of tree/gap-children.ts)', () => {
  const random = seededRandom(20261125);
  const orders = (n: number): [string, number[]][] => {
    const forward = Array.from({ length: n }, (_, i) => i);
    const shuffled = [...forward];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    return [['in order', forward], ['in reverse', [...forward].reverse()], ['shuffled', shuffled]];
  };
  for (const n of [40, 400]) {
    for (const [label, order] of orders(n)) {
      it(`${n} markers filled ${label}, some left unfilled`, () => {
        const filled = new Set(order.filter(() => random() < 0.8));
        const { input, expected } = manyRangesInOneParent(n, order, filled);
        assert.equal(toTestTree(parse(input, { scripting: false }).document), expected);
      });
    }
  }

  it('a reparse after edits of a document with many ranges in one parent equals a full parse', () => {
    const order = Array.from({ length: 300 }, (_, i) => i);
    const { input } = manyRangesInOneParent(300, order, new Set(order.filter((i) => i % 3 !== 0)));
    let count = 0;
    for (let k = 0; k < 40; k++) {
      const start = Math.floor(random() * input.length);
      const e: TextEdit = { start, deleteCount: Math.floor(random() * 30), insertText: pick(random, ['', 'x', '<?end>', '<?start name="m7">', '</template>', '<template for="m9">', '<b>', '</div>']) };
      const text = input.slice(0, e.start) + e.insertText + input.slice(e.start + e.deleteCount);
      const before = parse(input, { scripting: false, checkpointInterval: 512 });
      const after = reparse(before, e, { scripting: false, rethrow: true });
      const full = parse(text, { scripting: false });
      assert.equal(treeFingerprint(after.document), treeFingerprint(full.document), `edit ${JSON.stringify(e)}`);
      assert.equal(errorsFingerprint(after.errors), errorsFingerprint(full.errors));
      count++;
    }
    assert.equal(count, 40);
  });
});

describe('processing instruction attributes (whatwg/dom#1454), as Chromium 156 reads them', () => {
  for (const [data, expected] of ATTRIBUTES) {
    it(JSON.stringify(data), () => {
      const attributes = processingInstructionAttributes(data);
      if (expected === null) assert.equal(attributes, null);
      else {
        assert.notEqual(attributes, null);
        assert.deepStrictEqual(Object.fromEntries([...attributes!].sort()), Object.fromEntries(Object.entries(expected).sort()));
      }
    });
  }
});
